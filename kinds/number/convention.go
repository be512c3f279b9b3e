package number

// Convention is a field's declared way of writing numbers: which mark is the
// decimal mark. The zero Convention declares none.
type Convention struct {
	// Name is the locale the convention was declared by ("cs", "en").
	Name string
	// DecimalComma is true when the comma is the decimal mark (and the dot
	// groups), false when the dot is.
	DecimalComma bool
}

// ConventionFor returns the convention of a locale ("cs", "en-GB"), and
// false when the conventions table does not know it.
func ConventionFor(locale string) (Convention, bool) {
	return Convention{}, false
}
