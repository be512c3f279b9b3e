package cursor

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"math"
	"strconv"
	"time"
)

// Prefix opens every token the encoder emits.
const Prefix = "c1_"

// version is the layout version carried in every token.
const version = 1

// DefaultTTL is how long a token lives when Options.TTL is zero.
const DefaultTTL = 24 * time.Hour

// MinKeyBytes is the shortest key New accepts.
const MinKeyBytes = 16

const (
	hashBytes = 8
	macBytes  = sha256.Size
	// minData is the shortest decoded token: the version, three one-byte
	// varints, the two hashes and the MAC.
	minData = 1 + 3 + 2*hashBytes + macBytes
	// maxData is the longest: three ten-byte varints.
	maxData = 1 + 3*binary.MaxVarintLen64 + 2*hashBytes + macBytes
	// skew is how far in the future an issued time may be (clocks of
	// servers behind one load balancer differ a little).
	skew = time.Minute
)

// label separates this MAC from any other use of the same key.
const label = "agentinput.dev/kinds/cursor v1\x00"

var encoding = base64.RawURLEncoding.Strict()

// Options configure a Reader. Keys is required, so the zero Options is an
// error of New; the zero TTL and Now are DefaultTTL and time.Now.
type Options struct {
	// Keys are the server's keys, each at least MinKeyBytes long. The
	// first signs every token; every key verifies (rotation: see the
	// package documentation).
	Keys [][]byte
	// TTL is how long a token verifies after it was issued; zero is
	// DefaultTTL.
	TTL time.Duration
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// Reader encodes, decodes and reads the tokens of one server. Build one
// with New; it is immutable and safe for use by many goroutines.
type Reader struct {
	keys [][]byte
	ttl  time.Duration
	now  func() time.Time
}

// New checks the configuration and returns its Reader.
func New(opts Options) (*Reader, error) {
	if len(opts.Keys) == 0 {
		return nil, errors.New("cursor: no key")
	}
	c := &Reader{ttl: opts.TTL, now: opts.Now}
	for i, k := range opts.Keys {
		if len(k) < MinKeyBytes {
			return nil, errors.New("cursor: key " + strconv.Itoa(i+1) + " has " + strconv.Itoa(len(k)) +
				" bytes; a key has at least " + strconv.Itoa(MinKeyBytes))
		}
		c.keys = append(c.keys, append([]byte(nil), k...))
	}
	if c.ttl < 0 {
		return nil, errors.New("cursor: negative TTL")
	}
	if c.ttl == 0 {
		c.ttl = DefaultTTL
	}
	if c.now == nil {
		c.now = time.Now
	}
	return c, nil
}

// TTL returns how long a token lives.
func (c *Reader) TTL() time.Duration { return c.ttl }

// Position is what a token carries: where the next page starts, how long a
// page is, and what the token is bound to.
type Position struct {
	// Offset is the position of the next page's first item.
	Offset int64 `json:"offset"`
	// PageSize is the page size of the listing.
	PageSize int `json:"page_size"`
	// Session is the session the token is bound to; the token carries a
	// hash of it, and Decode returns the session it was given.
	Session string `json:"session,omitempty"`
	// Filters stands for the filters of the listing (any string, such as
	// their canonical JSON); the token carries a hash of it.
	Filters string `json:"filters,omitempty"`
	// Issued is when the token was issued, to the second; Encode sets it.
	Issued time.Time `json:"issued"`
}

// Encode returns the token of p, issued now. It panics on a negative
// offset or page size, or a page size over the int32 range: a program's
// mistake, never agent data.
func (c *Reader) Encode(p Position) string {
	if p.Offset < 0 || p.PageSize < 0 || p.PageSize > math.MaxInt32 {
		panic("cursor: Encode of a negative offset or page size, or a page size over 2^31-1")
	}
	buf := make([]byte, 0, maxData)
	buf = append(buf, version)
	buf = binary.AppendUvarint(buf, uint64(p.Offset))
	buf = binary.AppendUvarint(buf, uint64(p.PageSize))
	buf = binary.AppendVarint(buf, c.now().Unix())
	buf = appendHash(buf, p.Session)
	buf = appendHash(buf, p.Filters)
	buf = appendMAC(buf, c.keys[0], buf)
	out := make([]byte, len(Prefix)+encoding.EncodedLen(len(buf)))
	copy(out, Prefix)
	encoding.Encode(out[len(Prefix):], buf)
	return string(out)
}

func appendHash(buf []byte, s string) []byte {
	sum := sha256.Sum256([]byte(s))
	return append(buf, sum[:hashBytes]...)
}

func appendMAC(buf, key, msg []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(label))
	m.Write(msg)
	return m.Sum(buf)
}

// The errors of Decode. Read turns each into the one ask invalid_cursor,
// with a reason that says which.
var (
	ErrMalformed = errors.New("cursor: not a whole token (truncated, altered or invented)")
	ErrForged    = errors.New("cursor: the token does not verify under any key")
	ErrVersion   = errors.New("cursor: the token's version is not one this server reads")
	ErrExpired   = errors.New("cursor: the token has expired")
	ErrFuture    = errors.New("cursor: the token was issued in the future")
	ErrSession   = errors.New("cursor: the token was issued to another session")
	ErrFilters   = errors.New("cursor: the token was issued for other filters")
)

// Decode verifies a token exactly as Encode emitted it (no trimming) and
// returns its position, with Session and Filters as given. Its error is
// one of the Err variables.
func (c *Reader) Decode(token, session, filters string) (Position, error) {
	if len(token) < len(Prefix) || token[:len(Prefix)] != Prefix || len(token) > len(Prefix)+encoding.EncodedLen(maxData) {
		return Position{}, ErrMalformed
	}
	body := token[len(Prefix):]
	for i := 0; i < len(body); i++ {
		if !isAlphabet(body[i]) {
			return Position{}, ErrMalformed
		}
	}
	var data [maxData]byte
	n, err := encoding.Decode(data[:], []byte(body))
	if err != nil || n < minData {
		return Position{}, ErrMalformed
	}
	msg, sum := data[:n-macBytes], data[n-macBytes:n]
	verified := false
	var mac [macBytes]byte
	for _, k := range c.keys {
		if hmac.Equal(appendMAC(mac[:0], k, msg), sum) {
			verified = true
			break
		}
	}
	if !verified {
		return Position{}, ErrForged
	}
	if msg[0] != version {
		return Position{}, ErrVersion
	}
	rest := msg[1:]
	offset, k := binary.Uvarint(rest)
	if k <= 0 || offset > math.MaxInt64 {
		return Position{}, ErrMalformed
	}
	rest = rest[k:]
	size, k := binary.Uvarint(rest)
	if k <= 0 || size > math.MaxInt32 {
		return Position{}, ErrMalformed
	}
	rest = rest[k:]
	issued, k := binary.Varint(rest)
	if k <= 0 {
		return Position{}, ErrMalformed
	}
	rest = rest[k:]
	if len(rest) != 2*hashBytes {
		return Position{}, ErrMalformed
	}
	if !hmac.Equal(appendHash(mac[:0], session), rest[:hashBytes]) {
		return Position{}, ErrSession
	}
	if !hmac.Equal(appendHash(mac[:0], filters), rest[hashBytes:]) {
		return Position{}, ErrFilters
	}
	at := time.Unix(issued, 0).UTC()
	now := c.now()
	if at.After(now.Add(skew)) {
		return Position{}, ErrFuture
	}
	if now.Sub(at) > c.ttl {
		return Position{}, ErrExpired
	}
	return Position{Offset: int64(offset), PageSize: int(size), Session: session, Filters: filters, Issued: at}, nil
}

func isAlphabet(b byte) bool {
	return b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '-' || b == '_'
}
