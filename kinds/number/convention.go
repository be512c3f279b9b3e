package number

import "strings"

// Convention is a field's declared way of writing numbers: which mark is the
// decimal mark. The zero Convention declares none.
type Convention struct {
	// Name is the convention's name in the conventions table ("cs", "en").
	Name string
	// DecimalComma is true when the comma is the decimal mark (and the dot
	// groups), false when the dot is (and the comma groups).
	DecimalComma bool
}

// conventions is the one table of declared number conventions: which mark a
// language writes as the decimal mark (CLDR's decimal symbol for the
// language's default region). Names are compared without letter case; a
// region-specific name wins over its language where they differ.
var conventions = []Convention{
	{"bg", true}, {"cs", true}, {"da", true}, {"de", true}, {"el", true},
	{"es", true}, {"et", true}, {"fi", true}, {"fr", true}, {"hr", true},
	{"hu", true}, {"id", true}, {"it", true}, {"lt", true}, {"lv", true},
	{"nb", true}, {"nl", true}, {"nn", true}, {"no", true}, {"pl", true},
	{"pt", true}, {"ro", true}, {"ru", true}, {"sk", true}, {"sl", true},
	{"sr", true}, {"sv", true}, {"tr", true}, {"uk", true}, {"vi", true},
	{"en", false}, {"he", false}, {"hi", false}, {"ja", false}, {"ko", false},
	{"ms", false}, {"th", false}, {"zh", false},
	{"de-CH", false}, {"de-LI", false}, {"fr-CH", false}, {"it-CH", false},
	{"es-MX", false}, {"es-US", false}, {"en-ZA", true},
}

// ConventionFor returns the convention a tool author declares by name (a
// name of Conventions: "cs", "en", "de-CH"), and false for a name the table
// does not hold. It does not read locale spellings: the locale kind does.
func ConventionFor(name string) (Convention, bool) {
	for _, c := range conventions {
		if strings.EqualFold(c.Name, name) {
			return c, true
		}
	}
	return Convention{}, false
}

// Conventions lists the declared conventions the table holds.
func Conventions() []Convention {
	return append([]Convention(nil), conventions...)
}
