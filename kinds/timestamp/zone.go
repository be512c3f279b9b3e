package timestamp

import (
	"strings"
	"sync"
	"time"
)

// quarterHours are the fixed zones of the offsets that are whole quarter
// hours, from -24:00 to +24:00 (every offset in use), built on first use
// so that a read does not allocate one.
var quarterHours = sync.OnceValue(func() *[193]*time.Location {
	var t [193]*time.Location
	for i := range t {
		t[i] = time.FixedZone("", (i-96)*15*60)
	}
	return &t
})

// fixedZone returns the zone of a fixed offset in seconds east of UTC:
// UTC itself for 0.
func fixedZone(off int) *time.Location {
	if off == 0 {
		return time.UTC
	}
	if off%(15*60) == 0 && off >= -24*3600 && off <= 24*3600 {
		return quarterHours()[off/(15*60)+96]
	}
	return time.FixedZone("", off)
}

// zones caches the zones looked up by name: name → *time.Location, or
// nil for a name that names none. Only names spelled like a zone name
// (zoneSpelling) are looked up, so the cache holds at most the names of
// the zone database and the misspellings agents send, each short.
var zones sync.Map

// maxZoneCache bounds the misses the cache keeps; past it a miss is looked
// up again instead of kept.
const maxZoneCache = 4096

var zoneMisses struct {
	sync.Mutex
	n int
}

// namedZone returns the zone an IANA name names ("Europe/Prague",
// "europe/prague", "UTC"), looking it up once.
func namedZone(name string) (*time.Location, bool) {
	if !zoneSpelling(name) {
		return nil, false
	}
	if v, ok := zones.Load(name); ok {
		loc, _ := v.(*time.Location)
		return loc, loc != nil
	}
	loc := lookupZone(name)
	if loc == nil {
		zoneMisses.Lock()
		keep := zoneMisses.n < maxZoneCache
		if keep {
			zoneMisses.n++
		}
		zoneMisses.Unlock()
		if !keep {
			return nil, false
		}
	}
	zones.Store(name, loc)
	return loc, loc != nil
}

// lookupZone loads the zone as written, then with each part of the name
// capitalized as the database writes most ("america/new_york" →
// "America/New_York"). "Local" is never a zone an agent names: it is the
// server's.
func lookupZone(name string) *time.Location {
	if strings.EqualFold(name, "local") {
		return nil
	}
	for _, n := range []string{name, capitalized(name)} {
		if loc, err := time.LoadLocation(n); err == nil {
			return loc
		}
	}
	return nil
}

// capitalized upper-cases the first letter of each part of a zone name
// (parts split by '/', '_' and '-') and lower-cases the rest.
func capitalized(name string) string {
	b := []byte(strings.ToLower(name))
	up := true
	for i, c := range b {
		if up && 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
		up = c == '/' || c == '_' || c == '-'
	}
	return string(b)
}

// zoneSpelling reports whether s is spelled like an IANA zone name: one
// to three parts split by '/', each of ASCII letters, digits, '_', '-'
// and '+', the first a letter, at most 64 bytes.
func zoneSpelling(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	parts := strings.Split(s, "/")
	if len(parts) > 3 {
		return false
	}
	for _, p := range parts {
		if p == "" || !('A' <= p[0] && p[0] <= 'Z' || 'a' <= p[0] && p[0] <= 'z') {
			return false
		}
		for i := 0; i < len(p); i++ {
			c := p[i]
			if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '+') {
				return false
			}
		}
	}
	return true
}
