package country

import (
	"encoding/json"
	"strconv"
	"strings"

	"agentinput.dev/agentinput"
)

// codeWords are common lower-case words of the library's languages (the
// languages the boolean kind reads: en, cs, sk, de, fr, es, it, pl, nl,
// sv, da, nb, pt, hu, ro), abbreviations and units in everyday use that
// are also an ISO 3166-1 alpha-2 or alpha-3 code: "no", "it", "is", "in",
// "de", "and", "can", "per", "km". A lower-case spelling of one of them
// has two meanings — the word, and the country — and is asked about, with
// the country as its reading; in capitals or mixed case ("NO", "It") it
// is written as a code and read as one. TestCodeWords checks that every
// entry is a code. This table is their one owner.
var codeWords = strings.Fields(`
	ad ai al am ao as at az be bo by ca co cu cv cy de do ec eg er es et fi fo ga ge
	gr hr hu id ie il im in io is it je ki km la li lu ma me mg ml mm mo ms mu my na ne
	ni nl no nr nu om pa pe pl pm pt re ro se si sk sl sm so st sv sy td tj to tr tv tw
	ua ug uk us uz va ve vi ye za
	ago alb and are arg arm aus aut bel ben bol bra caf can che cod col com cub dom est fin fra
	fro gab geo gin gum guy hun ita jam ken lie lux mar mus nam nor pan per png pol pry sen som
	sur ton tun tur vat ven
`)

// codeWord reports whether s, as sent, is one of codeWords in lower case.
func codeWord(s string) bool {
	if len(s) < 2 || len(s) > 3 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false // capitals, mixed case or no code: no allocation
		}
	}
	return codeWordSet.has(s)
}

// codeWordBits is a set of lower-case words of two or three letters a–z,
// one bit per word: a look-up on every read of a code costs a shift, not a
// hash (issue 18).
type codeWordBits struct {
	two   [26]uint32      // two[a] bit b: the word a b
	three [26 * 26]uint32 // three[a*26+b] bit c: the word a b c
}

// has reports whether w, two or three letters a–z, is in the set.
func (m *codeWordBits) has(w string) bool {
	if len(w) == 2 {
		return m.two[w[0]-'a']&(1<<(w[1]-'a')) != 0
	}
	return m.three[int(w[0]-'a')*26+int(w[1]-'a')]&(1<<(w[2]-'a')) != 0
}

var codeWordSet = func() *codeWordBits {
	m := new(codeWordBits)
	for _, w := range codeWords {
		if len(w) == 2 {
			m.two[w[0]-'a'] |= 1 << (w[1] - 'a')
		} else {
			m.three[int(w[0]-'a')*26+int(w[1]-'a')] |= 1 << (w[2] - 'a')
		}
	}
	return m
}()

// wordAsk is the ask about a lower-case common word that is also the code
// of the country code (in the output form): its one reading is the
// country; the word is no value of a country field, and reading it as
// the country would guess.
func (r *Reader) wordAsk(v any, word, code string) agentinput.Outcome[string] {
	alpha2 := code
	if len(code) == 3 {
		alpha2, _ = Code(code)
	}
	name := Name(alpha2)
	val, _ := json.Marshal(code)
	rs := []agentinput.Reading{{Value: val, Meaning: name}}
	return agentinput.Asking[string](agentinput.Ask{
		Code:     agentinput.AskAmbiguous,
		Received: agentinput.Received(v),
		Reason:   strconv.Quote(word) + " is a common word, and in capitals the code of " + name,
		Expected: r.expected,
		Hint:     hintFor(rs),
		Readings: rs,
	})
}
