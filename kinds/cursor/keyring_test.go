package cursor

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"
)

func TestParseKeyring(t *testing.T) {
	k1, k2 := bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{0xfb}, 40)
	file := "# rotated 2026-12-01\n" + base64.StdEncoding.EncodeToString(k2) + "\n\n  " + base64.RawURLEncoding.EncodeToString(k1) + "  \n"
	keys, err := ParseKeyring([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 2 || !bytes.Equal(keys[0], k2) || !bytes.Equal(keys[1], k1) {
		t.Fatalf("keys %x", keys)
	}
	for _, tc := range []struct{ file, want string }{
		{"", "no key"},
		{"# only a comment\n", "no key"},
		{base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{1}, 31)), "line 1 has 31 bytes"},
		{base64.StdEncoding.EncodeToString(k1) + "\nnot base64!\n", "line 2 is not a key"},
	} {
		_, err := ParseKeyring([]byte(tc.file))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseKeyring(%q) = %v, want an error with %q", tc.file, err, tc.want)
		}
	}
}

// A keyring's order is a rotation: tokens of the key now second still
// verify, and a codec without that key no longer takes them.
func TestKeyringRotation(t *testing.T) {
	old, cur, next := bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32), bytes.Repeat([]byte{3}, 32)
	codec := func(keys ...[]byte) *Reader {
		c, err := New(Options{Keys: keys})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	token := codec(old).Encode(Position{Offset: 10, PageSize: 10, Session: "s", Filters: "f"})
	if _, err := codec(cur, old).Decode(token, "s", "f"); err != nil {
		t.Fatalf("one rotation later the token does not verify: %v", err)
	}
	if _, err := codec(next, cur).Decode(token, "s", "f"); err == nil {
		t.Fatal("two rotations later the token still verifies")
	}
}
