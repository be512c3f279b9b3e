package agentinput

import "encoding/json"

// Reader is the contract of a built kind: what a kind's New(Options)
// returns, read once a property is declared and then many times. Read
// reads one decoded JSON value (encoding/json with UseNumber); Expected
// says in words what it accepts, with one canonical example, for asks
// and descriptions; Example is one canonical value it accepts (nil when
// none can be shown, such as a token only the server issues).
//
// A Reader is safe to use from many goroutines. A kind whose reading
// depends on the call (the cursor: the session and the listing's
// filters) binds that context per call and returns a Reader for it.
type Reader[T any] interface {
	Read(v any) Outcome[T]
	Expected() string
	Example() json.RawMessage
}
