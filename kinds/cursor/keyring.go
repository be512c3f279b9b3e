package cursor

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strconv"
)

// MinKeyringKeyBytes is the shortest key a keyring file may hold: 32 bytes
// of randomness, as `openssl rand -base64 32` writes them.
const MinKeyringKeyBytes = 32

// ParseKeyring reads a keyring file: one key a line, in base64 (standard
// or URL alphabet, with or without padding), each at least
// MinKeyringKeyBytes long once decoded; blank lines and lines that begin
// with # are skipped. The first key signs and every key verifies
// (Options.Keys), so a rotation writes the new key on top and keeps the
// previous one below it for as long as its tokens live.
func ParseKeyring(data []byte) ([][]byte, error) {
	var keys [][]byte
	for i, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		key, err := decodeKey(string(line))
		if err != nil {
			return nil, errors.New("cursor keyring: line " + strconv.Itoa(i+1) + " is not a key in base64")
		}
		if len(key) < MinKeyringKeyBytes {
			return nil, errors.New("cursor keyring: the key on line " + strconv.Itoa(i+1) + " has " + strconv.Itoa(len(key)) +
				" bytes; a key has at least " + strconv.Itoa(MinKeyringKeyBytes) + " (openssl rand -base64 32)")
		}
		keys = append(keys, key)
	}
	if len(keys) == 0 {
		return nil, errors.New("cursor keyring: no key (one base64 key a line; openssl rand -base64 32)")
	}
	return keys, nil
}

// decodeKey decodes one base64 key. The four encodings differ only in
// characters the others never use (+/ against -_, padding or none), so no
// spelling decodes two ways.
func decodeKey(s string) ([]byte, error) {
	var firstErr error
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		key, err := enc.Strict().DecodeString(s)
		if err == nil {
			return key, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return nil, firstErr
}
