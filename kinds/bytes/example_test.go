package bytes_test

import (
	"fmt"

	"agentinput.dev/kinds/bytes"
)

// A spelling with one meaning is read as the bytes, with a note saying how
// it was read; a data: URI keeps its media type.
func ExampleReader_Read() {
	r, _ := bytes.New(bytes.Options{})
	for _, s := range []string{"aGkh", "aGk", "data:text/plain;base64,aGkh"} {
		out := r.Read(s)
		v, _ := out.Value()
		fmt.Printf("%q %q\n", v.Data, v.MediaType)
		for _, n := range out.Notes() {
			fmt.Println(" ", n.Code, n.Message)
		}
	}
	// Output:
	// "hi!" ""
	// "hi" ""
	//   form Read "aGk" as "aGk=" (padding added)
	// "hi!" "text/plain"
	//   data_uri Read "data:text/plain;base64,aGkh" as "aGkh" (a data: URI of media type text/plain, kept beside the bytes)
}

// A string of hex digits that is also base64 names two byte strings: the
// ask names both, and nothing is guessed.
func ExampleReader_Read_hex() {
	r, _ := bytes.New(bytes.Options{})
	ask, _ := r.Read("deadbeefAA").Ask()
	fmt.Println(ask.Message())
	// Output:
	// Could not read "deadbeefAA": it is base64 and it is also a string of hex digits, which spell other bytes; it has 2 meanings: "deadbeefAA==" (base64: 7 bytes) or "3q2+76o=" (hex digits: 5 bytes). Expected bytes as standard base64 (RFC 4648, with padding), at most 49152 bytes (48 KiB) decoded, for example "YWdlbnRpbnB1dA==". Send one of the readings exactly as written: each is the standard base64 of the bytes it names.
}

// Plain text is never decoded as base64: the ask offers its UTF-8 bytes.
func ExampleReader_Read_text() {
	r, _ := bytes.New(bytes.Options{})
	ask, _ := r.Read("good work").Ask()
	fmt.Println(ask.Message())
	// Output:
	// Could not read "good work": it reads as text: it has spaces or line breaks inside, which base64 has only every 76 or 64 characters; it may mean "Z29vZCB3b3Jr" (the text itself, as its UTF-8 bytes: 9 bytes). Expected bytes as standard base64 (RFC 4648, with padding), at most 49152 bytes (48 KiB) decoded, for example "YWdlbnRpbnB1dA==". Send the reading exactly as written if these are the bytes you mean: it is their standard base64.
}

// Content over the budget is refused whole: the ask never invites
// shortening or rewriting it.
func ExampleReader_Read_tooLarge() {
	r, _ := bytes.New(bytes.Options{MaxBytes: 4})
	ask, _ := r.Read("aGVsbG8gd29ybGQ=").Ask()
	fmt.Println(ask.Message())
	// Output:
	// Did not read "aGVsbG8gd29ybGQ=": it holds more than 4 bytes, the most this property takes inline. Expected bytes as standard base64 (RFC 4648, with padding), at most 4 bytes decoded, for example "YWdlbnRpbnB1dA==". Content this large is not taken inline by this property; if the tool takes a reference to stored content, send that reference instead.
}
