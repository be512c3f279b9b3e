// Package boolean owns booleans: ParseBool is its own, ParseFloat is not.
package boolean

import "strconv"

func Read(s string) {
	strconv.ParseBool(s)
	strconv.ParseFloat(s, 64) // want `strconv.ParseFloat parses a number`
}
