package boolean

// Language is one language's words for yes and no, as the language writes
// them (with their diacritics). A word is read case- and
// diacritics-insensitively, so "ÁNO", "Ano" and "ano" are all Czech yes.
type Language struct {
	// Code is the ISO 639-1 code Options.Languages names the language by.
	Code string
	// Aliases are other codes that name the same table entry.
	Aliases []string
	// Name is the language's English name.
	Name string
	// Default is true for the languages read when Options.Languages is
	// empty: those of the specification. The others are data that a
	// property enables by name.
	Default bool
	// Yes and No are the words for true and for false, each written once
	// (two spellings that fold alike, such as "si" and "sí", are one word).
	Yes, No []string
}

// canonicalTrue and canonicalFalse are the canonical spellings. As JSON
// strings, and the digits 1 and 0 as JSON strings, they are read in every
// language set: they belong to JSON, not to a language.
const (
	canonicalTrue  = "true"
	canonicalFalse = "false"
)

// languages is the one table of boolean words. Its order is the order in
// which notes and readings list languages.
//
// Norwegian is "nb" (Bokmål), with "no" (the macrolanguage) and "nn"
// (Nynorsk) as aliases: both written standards say "ja" and "nei". The
// specification lists Norwegian with Swedish and Danish as ja/nej; "nei" is
// what Norwegian writes today, and "nej" (the Dano-Norwegian spelling, and
// what a model copies from its Scandinavian neighbours) is kept too. Both
// mean no, so listing both can never turn a word into a conflict.
//
// The optional languages make the conflict rule real: Greek (Greeklish)
// "ne" means yes where Czech "ne" means no, so a property that enables
// Greek beside the default set gets an ask with both readings for "ne".
var languages = [...]Language{
	{Code: "en", Name: "English", Default: true,
		Yes: []string{"t", "yes", "y", "on", "enable", "enabled", "checked"},
		No:  []string{"f", "no", "n", "off", "disable", "disabled", "unchecked"}},
	{Code: "cs", Name: "Czech", Default: true, Yes: []string{"ano", "pravda"}, No: []string{"ne", "nepravda"}},
	{Code: "sk", Name: "Slovak", Default: true, Yes: []string{"áno", "pravda"}, No: []string{"nie", "nepravda"}},
	{Code: "de", Name: "German", Default: true, Yes: []string{"ja", "wahr"}, No: []string{"nein", "falsch"}},
	{Code: "fr", Name: "French", Default: true, Yes: []string{"oui", "vrai"}, No: []string{"non", "faux"}},
	{Code: "es", Name: "Spanish", Default: true, Yes: []string{"sí", "verdadero"}, No: []string{"no", "falso"}},
	{Code: "it", Name: "Italian", Default: true, Yes: []string{"sì", "vero"}, No: []string{"no", "falso"}},
	{Code: "pl", Name: "Polish", Default: true, Yes: []string{"tak", "prawda"}, No: []string{"nie", "fałsz"}},
	{Code: "nl", Name: "Dutch", Default: true, Yes: []string{"ja", "waar"}, No: []string{"nee", "onwaar"}},
	{Code: "sv", Name: "Swedish", Default: true, Yes: []string{"ja", "sant"}, No: []string{"nej", "falskt", "falsk"}},
	{Code: "da", Name: "Danish", Default: true, Yes: []string{"ja", "sand", "sandt"}, No: []string{"nej", "falsk"}},
	{Code: "nb", Aliases: []string{"no", "nn"}, Name: "Norwegian", Default: true,
		Yes: []string{"ja", "sann", "sant"}, No: []string{"nei", "nej", "usann", "falsk"}},
	{Code: "pt", Name: "Portuguese", Default: true, Yes: []string{"sim", "verdadeiro"}, No: []string{"não", "falso"}},
	{Code: "hu", Name: "Hungarian", Default: true, Yes: []string{"igen", "igaz"}, No: []string{"nem", "hamis"}},
	{Code: "ro", Name: "Romanian", Default: true, Yes: []string{"da", "adevărat"}, No: []string{"nu", "fals"}},

	// Optional: read only when Options.Languages names them.
	{Code: "el", Name: "Greek",
		Yes: []string{"ναι", "nai", "ne"}, No: []string{"όχι", "ochi", "oxi"}},
	{Code: "ru", Name: "Russian", Yes: []string{"да", "da"}, No: []string{"нет", "net"}},
	{Code: "uk", Name: "Ukrainian", Yes: []string{"так", "tak"}, No: []string{"ні", "ni"}},
	{Code: "fi", Name: "Finnish", Yes: []string{"kyllä"}, No: []string{"ei"}},
	{Code: "tr", Name: "Turkish", Yes: []string{"evet"}, No: []string{"hayır"}},
}

// Languages returns the table of languages, default and optional, in the
// order notes list them. The result is a copy: changing it changes nothing.
func Languages() []Language {
	out := make([]Language, len(languages))
	for i, l := range languages {
		l.Aliases = append([]string(nil), l.Aliases...)
		l.Yes = append([]string(nil), l.Yes...)
		l.No = append([]string(nil), l.No...)
		out[i] = l
	}
	return out
}

// DefaultLanguages returns the codes of the languages read when
// Options.Languages is empty. A property that wants one more language
// writes append(boolean.DefaultLanguages(), "el").
func DefaultLanguages() []string {
	var out []string
	for _, l := range languages {
		if l.Default {
			out = append(out, l.Code)
		}
	}
	return out
}

// languageIndex returns the position of the language code names in the
// table, by its code or an alias.
func languageIndex(code string) (int, bool) {
	for i := range languages {
		if languages[i].Code == code {
			return i, true
		}
		for _, a := range languages[i].Aliases {
			if a == code {
				return i, true
			}
		}
	}
	return 0, false
}
