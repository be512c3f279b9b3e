// Package lookalike has functions and methods named like guarded
// primitives. They are not the primitives and must not be reported.
package lookalike

func Parse(s string) (string, error)                    { return s, nil }
func ParseFloat(s string, bitSize int) (float64, error) { return 0, nil }
func ParseBool(s string) (bool, error)                  { return false, nil }

// Number has the methods of json.Number.
type Number string

func (n Number) Float64() (float64, error) { return 0, nil }
func (n Number) Int64() (int64, error)     { return 0, nil }
