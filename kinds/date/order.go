package date

import "strings"

// Order is a field's declared order of day and month in dates written
// with slashes or dashes and the year last ("01/02/2026"). The zero Order
// declares none: such a date is asked about when both orders name a day.
type Order struct {
	// Name is the name the order was declared by ("cs", "en-US").
	Name string
	// MonthFirst is true for month/day/year, false for day/month/year.
	MonthFirst bool
}

// declared reports whether the order declares anything.
func (o Order) declared() bool { return o.Name != "" }

// orders is the one table of declared day/month orders: how a locale
// writes a short numeric date with the year last (CLDR's short date
// pattern for the language's default region). Names are compared without
// letter case. Locales whose short dates put the year first (hu, ja, ko,
// lt, sv, zh) are not here: they declare nothing about a date with the
// year last. "en" is month first, as CLDR's "en" (en-US) is; a field that
// means British dates declares "en-GB".
var orders = []Order{
	{"en", true}, {"en-US", true}, {"en-PH", true}, {"es-US", true}, {"fil", true},
	{"en-GB", false}, {"en-AU", false}, {"en-NZ", false}, {"en-IE", false}, {"en-IN", false},
	{"ar", false}, {"bg", false}, {"cs", false}, {"da", false}, {"de", false}, {"el", false},
	{"es", false}, {"et", false}, {"fi", false}, {"fr", false}, {"he", false}, {"hi", false},
	{"hr", false}, {"id", false}, {"it", false}, {"lv", false}, {"ms", false}, {"nb", false},
	{"nl", false}, {"nn", false}, {"no", false}, {"pl", false}, {"pt", false}, {"ro", false},
	{"ru", false}, {"sk", false}, {"sl", false}, {"sr", false}, {"th", false}, {"tr", false},
	{"uk", false}, {"vi", false},
}

// OrderFor returns the day/month order a tool author declares by name (a
// name of Orders: "cs", "en-US", "en-GB"), and false for a name the table
// does not hold. It does not read locale spellings: the locale kind does.
func OrderFor(name string) (Order, bool) {
	for _, o := range orders {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Order{}, false
}

// Orders lists the declared orders the table holds.
func Orders() []Order { return append([]Order(nil), orders...) }

// reason is the note reason of a date the order resolved.
func (o Order) reason() string {
	if o.MonthFirst {
		return o.Name + ": month first"
	}
	return o.Name + ": day first"
}
