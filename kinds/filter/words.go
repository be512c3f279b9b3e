package filter

import "agentinput.dev/internal/spelling"

// Words returns the "not filtering" words of a language (by the boolean
// kind's code), as declared; nil for a language the table does not hold.
// internal/spelling owns the table (the words for "all"), which a range
// bound reads too.
func Words(lang string) []string { return spelling.AllWords(lang) }
