// Package dotimport: a dot import hides the package name, not the function.
package dotimport

import . "strconv"

func f(s string) {
	ParseFloat(s, 64) // want `strconv.ParseFloat parses a number`
	g := ParseBool    // want `strconv.ParseBool parses a boolean`
	_ = g
}
