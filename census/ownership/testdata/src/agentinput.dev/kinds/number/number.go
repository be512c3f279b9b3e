// Package number is the owner of the number kind: it may use every number
// primitive, and nothing is reported here.
package number

import (
	"encoding/json"
	"strconv"
	"time"
)

func Read(v any) float64 {
	switch v := v.(type) {
	case json.Number:
		f, _ := v.Float64()
		return f
	case string:
		f, _ := strconv.ParseFloat(v, 64)
		return f
	}
	return 0
}

func Parse(s string) (int, error) { return strconv.Atoi(s) }

// The owner of numbers owns no other kind.
func notADate(s string) { time.Parse(time.DateOnly, s) } // want `time.Parse parses a date`

// An allow in an owner for its own kind's primitive exempts nothing: the
// owner needs none.
func selfAllow(s string) {
	//agentinput:allow number not needed here // want `//agentinput:allow number exempts nothing`
	strconv.Atoi(s)
}
