package date

import (
	"errors"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"agentinput.dev/internal/spelling"
)

// word is what one folded word means in a set of languages. Every string
// it holds is built once, with the index, so that reading a word allocates
// nothing.
type word struct {
	// monthLangs[m] has a bit per table position of the languages in
	// which the word names month m+1; bit 63 stands for Roman numerals.
	monthLangs [12]uint64
	// weekdays has bit d set when the word names weekday d (0 Sunday).
	weekdays uint8
	role     role
	// month is the one month the word names (1–12), 0 when it names none,
	// -1 when it names several in the enabled languages.
	month int
	// reason is the note reason of a date read with this month name:
	// "a month name: October in cs".
	reason string
	// meanings are the months of a conflicting word with their languages,
	// "October in hr", in month order.
	meanings []monthMeaning
}

type monthMeaning struct {
	month   int
	meaning string // "October in hr"
}

const romanBit = 63

// Reader reads dates with one set of month-name languages. Build one with
// New; it is immutable and safe for use by many goroutines.
type Reader struct {
	words map[string]*word
	codes []string
	opts  Options
}

// mask returns the set of enabled languages as a bit per table position.
func (o Options) mask() (uint64, error) {
	if len(o.Languages) == 0 {
		return defaultMask, nil
	}
	var m uint64
	for _, code := range o.Languages {
		i, ok := languageIndex(code)
		if !ok {
			known := make([]string, 0, len(languages))
			for _, l := range languages {
				known = append(known, l.Code)
			}
			return 0, errors.New("date: unknown language " + strconv.Quote(code) +
				" in Options.Languages; known: " + strings.Join(known, ", "))
		}
		m |= 1 << i
	}
	return m, nil
}

// The table must leave room for the Roman-numeral bit.
var _ [romanBit - len(languages)]struct{}

var defaultMask = func() uint64 {
	var m uint64
	for i, l := range languages {
		if l.Default {
			m |= 1 << i
		}
	}
	return m
}()

// indexes caches one word index per set of languages (uint64 mask →
// map[string]*word); the option values a program declares are few.
var indexes sync.Map

// defaultIndex builds the index of the default languages on first use,
// not at init: importing the package builds nothing.
var defaultIndex = sync.OnceValue(func() map[string]*word { return indexOf(defaultMask) })

func indexOf(m uint64) map[string]*word {
	if w, ok := indexes.Load(m); ok {
		return w.(map[string]*word)
	}
	w, _ := indexes.LoadOrStore(m, buildIndex(m))
	return w.(map[string]*word)
}

// New returns a Reader for opts, or an error naming an unknown language.
func New(opts Options) (*Reader, error) {
	m, err := opts.mask()
	if err != nil {
		return nil, err
	}
	var codes []string
	for i, l := range languages {
		if m&(1<<i) != 0 {
			codes = append(codes, l.Code)
		}
	}
	words := defaultIndex()
	if m != defaultMask {
		words = indexOf(m)
	}
	opts.Languages = codes
	return &Reader{words: words, codes: codes, opts: opts}, nil
}

// Languages returns the codes of the languages r reads, in table order.
func (r *Reader) Languages() []string { return append([]string(nil), r.codes...) }

// buildIndex folds every name of the languages in m, the Roman numerals
// and the role words into one map. It is the only place names are put
// together, so a word that names two months in two languages can only
// become an entry with both meanings, never a silent winner. Each entry is
// reachable by its folded spelling and by the table's own spelling in
// lower case (with its diacritics), which the reader tries first because
// it needs no Unicode folding.
func buildIndex(m uint64) map[string]*word {
	byFold := make(map[string]*word, 512)
	lowerKeys := make(map[string]string, 128) // lower-case spelling → fold
	lists := map[uint64]string{}              // langList, remembered
	list := func(m uint64) string {
		l, ok := lists[m]
		if !ok {
			l = langList(m)
			lists[m] = l
		}
		return l
	}
	get := func(spelled string) *word {
		f := spelling.Fold(spelled)
		w := byFold[f]
		if w == nil {
			w = &word{}
			byFold[f] = w
		}
		if l := strings.ToLower(spelled); l != f {
			lowerKeys[l] = f
		}
		return w
	}
	for i, l := range languages {
		if m&(1<<i) == 0 {
			continue
		}
		for mi, month := range l.Months {
			for _, s := range month.Forms() {
				w := get(s)
				w.monthLangs[mi] |= 1 << i
			}
		}
		for d, names := range l.Weekdays {
			for _, s := range names {
				get(s).weekdays |= 1 << d
			}
		}
	}
	for mi, s := range romanMonths {
		get(s).monthLangs[mi] |= 1 << romanBit
	}
	for _, rw := range roleWords {
		get(rw.word).role |= rw.role
	}

	index := make(map[string]*word, len(byFold)+len(lowerKeys))
	for f, w := range byFold {
		for mi, langs := range w.monthLangs {
			if langs == 0 {
				continue
			}
			meaning := englishMonths[mi] + " in " + list(langs)
			w.meanings = append(w.meanings, monthMeaning{month: mi + 1, meaning: meaning})
		}
		switch len(w.meanings) {
		case 0:
		case 1:
			w.month = w.meanings[0].month
			if w.monthLangs[w.month-1] == 1<<romanBit {
				w.reason = "a month as a Roman numeral: " + englishMonths[w.month-1]
			} else {
				w.reason = "a month name: " + w.meanings[0].meaning
			}
			w.meanings = nil
		default:
			w.month = -1
		}
		index[f] = w
	}
	for l, f := range lowerKeys {
		index[l] = byFold[f]
	}
	return index
}

// langList spells a set of languages: "cs, pl".
func langList(m uint64) string {
	var codes []string
	for i, l := range languages {
		if m&(1<<i) != 0 {
			codes = append(codes, l.Code)
		}
	}
	if m&(1<<romanBit) != 0 {
		codes = append(codes, "Roman numerals")
	}
	return strings.Join(codes, ", ")
}

// maxWord is the longest word the lookup lowers on the stack: longer than
// every name of the table.
const maxWord = 48

// lookup returns the entry of the word s (a run of letters and marks), or
// nil when no enabled language knows it. It lowers s on the stack and
// looks that up, which finds every spelling the table writes in any case;
// only a miss outside ASCII (a decomposed accent, a missing diacritic)
// pays for the Unicode fold.
func lookup(words map[string]*word, s string) *word {
	if len(s) > maxWord {
		return nil
	}
	var buf [maxWord * 2]byte
	b := buf[:0]
	ascii := true
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b = append(b, c)
			i++
			continue
		}
		ascii = false
		r, n := utf8.DecodeRuneInString(s[i:])
		b = utf8.AppendRune(b, unicode.ToLower(r))
		i += n
	}
	if w := words[string(b)]; w != nil || ascii {
		return w
	}
	return words[spelling.Fold(s)]
}
