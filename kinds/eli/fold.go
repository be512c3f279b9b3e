package eli

import (
	"strings"
	"unicode/utf8"

	"agentinput.dev/internal/spelling"
)

// czechLetter maps the precomposed letters of Czech (and the few of the
// EU words the tables hold) to the ASCII letter spelling.Fold gives them,
// and reports false for any other rune. A switch, not a map: a word of
// a Czech citation looks up most of its letters, and hashing each cost
// more than the comparisons.
func czechLetter(r rune) (byte, bool) {
	switch r {
	case 'á', 'Á':
		return 'a', true
	case 'č', 'Č':
		return 'c', true
	case 'ď', 'Ď':
		return 'd', true
	case 'é', 'ě', 'É', 'Ě':
		return 'e', true
	case 'í', 'Í':
		return 'i', true
	case 'ň', 'Ň':
		return 'n', true
	case 'ó', 'Ó':
		return 'o', true
	case 'ř', 'Ř':
		return 'r', true
	case 'š', 'Š':
		return 's', true
	case 'ť', 'Ť':
		return 't', true
	case 'ú', 'ů', 'Ú', 'Ů':
		return 'u', true
	case 'ý', 'Ý':
		return 'y', true
	case 'ž', 'Ž':
		return 'z', true
	}
	return 0, false
}

// foldKey is the fast path of spelling.Fold for one word of a citation:
// ASCII and precomposed Czech letters, with no separator inside (trailing
// dots are dropped, as Fold drops them). It writes the folded word into
// buf and reports false for any other word, which the caller folds with
// spelling.Fold. TestFoldKey checks that the two agree.
func foldKey(w string, buf *[32]byte) ([]byte, bool) {
	n := 0
	for i, r := range w {
		var c byte
		switch {
		case r == '.':
			if strings.Trim(w[i:], ".") != "" {
				return nil, false // a dot inside: Fold splits the word
			}
			return buf[:n], n > 0
		case r < utf8.RuneSelf:
			c = byte(r)
			if c == '-' || c == '_' || c <= ' ' {
				return nil, false
			}
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
		default:
			var ok bool
			if c, ok = czechLetter(r); !ok {
				return nil, false
			}
		}
		if n == len(buf) {
			return nil, false
		}
		buf[n] = c
		n++
	}
	return buf[:n], n > 0
}

// foldWord folds the word w. On the fast path it returns the one folded
// key, written into buf, and parts nil; otherwise key is nil and parts
// are the words of spelling.Fold(w). It takes no callback: a key passed
// to a function value escapes, and buf with it, one allocation a word.
func foldWord(w string, buf *[32]byte) (key []byte, parts []string) {
	if key, ok := foldKey(w, buf); ok {
		return key, nil
	}
	return nil, strings.Fields(spelling.Fold(w))
}

// foldIs reports whether w folds to the one word want.
func foldIs(w, want string) bool {
	var buf [32]byte
	if key, ok := foldKey(w, &buf); ok {
		return string(key) == want
	}
	return spelling.Fold(w) == want
}

// foldIn reports whether w folds to one word of set.
func foldIn(w string, set map[string]bool) bool {
	var buf [32]byte
	if key, ok := foldKey(w, &buf); ok {
		return set[string(key)]
	}
	return set[spelling.Fold(w)]
}
