package eli

// This file is the one owner of the ELI facts the kind reads: the EU act
// types and their ELI codes, the words that name them in citations, the
// years in which each numbering order was in use, and the two registers'
// URI templates. Sources (docs/decisions.md, section eli):
//
//   - EU: the Publications Office's "URI Templates for European Union
//     legislation" (publications.europa.eu/mdr/eli/documentation/uri_templates.html,
//     and the EUR-Lex ELI register page "EU Publications Office"):
//     http://data.europa.eu/eli/{typedoc}/{year}/{naturalnumber}/oj, with
//     typedoc reg, reg_impl, reg_del, dir, dir_impl, dir_del, dec,
//     dec_impl, dec_del for regulations, directives and decisions.
//   - CZ: the Czech register e-Sbírka publishes its acts at
//     https://www.e-sbirka.cz/eli/cz/sb/{year}/{number}, a version of an
//     act at …/{year}/{number}/{YYYY-MM-DD}, and its parts below that.

// ActType is one EU act type of the table: its ELI code and what it is.
type ActType struct {
	Code string // the ELI typedoc, "reg_impl"
	Base string // the act it is a form of: "reg", "dir" or "dec"
	Form string // "" (the base act), "impl" (implementing) or "del" (delegated)
	Name string // in English, lower case: "implementing regulation"
}

// actTypes is the table of EU act types the kind reads. Its order is the
// order of readings in an ask: regulation, directive, decision.
var actTypes = [...]ActType{
	{"reg", "reg", "", "regulation"},
	{"reg_impl", "reg", "impl", "implementing regulation"},
	{"reg_del", "reg", "del", "delegated regulation"},
	{"dir", "dir", "", "directive"},
	{"dir_impl", "dir", "impl", "implementing directive"},
	{"dir_del", "dir", "del", "delegated directive"},
	{"dec", "dec", "", "decision"},
	{"dec_impl", "dec", "impl", "implementing decision"},
	{"dec_del", "dec", "del", "delegated decision"},
}

// ActTypes returns the EU act types the kind reads, in table order.
func ActTypes() []ActType { return append([]ActType(nil), actTypes[:]...) }

// typeIndex returns the table position of an ELI typedoc (lower case).
func typeIndex(code string) (int, bool) {
	for i, t := range actTypes {
		if t.Code == code {
			return i, true
		}
	}
	return 0, false
}

// typeOf returns the table position of the type of base and form.
func typeOf(base, form string) int {
	for i, t := range actTypes {
		if t.Base == base && t.Form == form {
			return i
		}
	}
	panic("eli: no act type " + base + "/" + form) // the table lists every pair
}

// bases are the base act types, in reading order.
var bases = [...]string{"reg", "dir", "dec"}

// Years. The EU's acts begin with the ECSC (1952); the Czech collection
// (Sbírka zákonů) that e-Sbírka publishes begins in 1945. No act is read
// past maxYear: a four-digit number above it is not a year.
const (
	minYearEU = 1952
	minYearCZ = 1945
	maxYear   = 2099
	// Until the end of 1998 the EU wrote years in two digits ("95/46/EC"):
	// a two-digit year yy is 19yy, and only from minTwoDigitYear on.
	minTwoDigitYear = 52
	// unifiedFrom is the first year of the EU's single numbering: from
	// 2015 every act is cited "(EU) year/number". Before it, regulations
	// (and decisions cited "No …") put the number first: "No 1907/2006".
	unifiedFrom = 2015
	// maxNumber bounds a natural number: an act number has at most five
	// digits (EU regulations reach four).
	maxNumber = 99999
)

// order is one way a citation writes the pair A/B.
type order uint8

const (
	yearFirst   order = iota // A is the year: "2016/679", "95/46"
	numberFirst              // A is the number: "1907/2006", "89/2012 Sb."
)

// orders says in which years a base act type was cited in each order:
// directives always year first; regulations number first before 2015 and
// year first since; decisions year first always, and number first before
// 2015 when the EP and the Council (or the Council alone) numbered them
// as regulations ("Decision No 1082/2013/EU").
var orders = map[string][2]struct{ from, to int }{
	"reg": {yearFirst: {unifiedFrom, maxYear}, numberFirst: {minYearEU, unifiedFrom - 1}},
	"dir": {yearFirst: {minYearEU, maxYear}, numberFirst: {1, 0}}, // never number first
	"dec": {yearFirst: {minYearEU, maxYear}, numberFirst: {minYearEU, unifiedFrom - 1}},
}

// Citation words, folded (spelling.Fold: lower case, no diacritics). The
// languages are English and Czech, the languages of the specification.

// typeWords name a base act type, also by the abbreviations "Reg.",
// "Dir.", "Dec." (which are the ELI codes too).
var typeWords = map[string]string{
	"regulation": "reg", "narizeni": "reg", "reg": "reg",
	"directive": "dir", "smernice": "dir", "dir": "dir",
	"decision": "dec", "rozhodnuti": "dec", "dec": "dec",
}

// formWords name a form of an act. Czech writes a delegated act "v
// přenesené pravomoci" ("in delegated power"): "prenesene" names the form,
// "v" and "pravomoci" are fillers.
var formWords = map[string]string{
	"implementing": "impl", "provadeci": "impl",
	"delegated": "del", "prenesene": "del",
}

// fillerWords may stand in a citation without changing what it names:
// the issuer ("Commission", "Council", "of the European Parliament and of
// the Council"), in English and Czech.
var fillerWords = map[string]bool{
	"commission": true, "council": true, "european": true, "parliament": true,
	"the": true, "of": true, "and": true,
	"komise": true, "rady": true, "rada": true, "evropskeho": true, "parlamentu": true,
	"a": true, "v": true, "pravomoci": true,
}

// unionWords are the markers of the EU's legal orders and policies, in
// parentheses ("(EU)", "(EC)") or after the number ("95/46/EC"), in
// English, Czech, French and German spelling.
var unionWords = map[string]bool{
	"eu": true, "ec": true, "eec": true, "euratom": true, "ecsc": true,
	"es": true, "ehs": true, "esuo": true, "ue": true, "ce": true, "cee": true,
	"eg": true, "ewg": true, "egks": true, "ceca": true,
	// Decisions under the common foreign and security policy and the
	// former justice and home affairs pillar carry their own marker:
	// "Council Decision (CFSP) 2022/266", "2008/615/JHA".
	"cfsp": true, "pesc": true, "gasp": true, "szbp": true, "jha": true, "jai": true, "svv": true,
}

// numberWords mark the number that follows: "No", "Nr", "n°", Czech "č.".
var numberWords = map[string]bool{"no": true, "nr": true, "n°": true, "c": true, "cislo": true} // "nº" folds to "no"

// partWords name a part of an act (an article, an annex). A citation of a
// part does not name a whole act: the kind asks rather than drop the part.
var partWords = map[string]bool{
	"article": true, "articles": true, "art": true, "annex": true, "recital": true,
	"paragraph": true, "point": true, "chapter": true, "section": true, "title": true,
	"clanek": true, "clanku": true, "cl": true, "odstavec": true, "odst": true, "pismeno": true,
	"pism": true, "priloha": true, "prilohy": true, "paragraf": true, "par": true, "bod": true,
	"hlava": true, "cast": true, "dil": true, "§": true,
}

// tailWords may begin what follows the number in an EU citation: the
// title ("of 27 April 2016 on the protection …"), Czech "ze dne …", "o …".
var tailWords = map[string]bool{
	"of": true, "on": true, "amending": true, "laying": true, "concerning": true,
	"establishing": true, "repealing": true, "as": true,
	"ze": true, "o": true, "kterym": true, "kterou": true, "ve": true,
}

// Registers' URI forms.
const (
	euRoot    = "http://data.europa.eu/eli/"
	czRoot    = "https://www.e-sbirka.cz/eli/cz/sb/"
	ojSegment = "oj"
)

// hosts are the hosts an ELI URI is read from: the register's own, and
// the hosts that serve the same ELI paths.
// The first host of a register is its own.
var hosts = [...]struct {
	name     string
	register Register
}{
	{"data.europa.eu", EU},
	{"eur-lex.europa.eu", EU},
	{"www.e-sbirka.cz", CZ},
	{"e-sbirka.cz", CZ},
}
