// Package country shares language.ParseRegion with locale, and owns
// nothing else of package language.
package country

import "golang.org/x/text/language"

func Read(s string) {
	language.ParseRegion(s)
	language.Parse(s) // want `language.Parse parses a locale: only agentinput.dev/kinds/locale may`
}

func Parse(s string) {}
