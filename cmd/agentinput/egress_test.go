package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"
)

// The addresses --url may not reach without --allow-private-network, and
// some it may.
func TestBlockedAddr(t *testing.T) {
	for _, a := range []string{"127.0.0.1", "127.8.9.10", "::1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1",
		"169.254.169.254", "169.254.0.1", "fe80::1", "fc00::1", "fd00:ec2::254", "100.64.0.1", "0.0.0.0", "::", "224.0.0.1",
		"::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:169.254.169.254"} {
		if blockedAddr(netip.MustParseAddr(a)) == "" {
			t.Errorf("%s is not blocked", a)
		}
	}
	for _, a := range []string{"8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2001:4860:4860::8888", "::ffff:8.8.8.8"} {
		if why := blockedAddr(netip.MustParseAddr(a)); why != "" {
			t.Errorf("%s is blocked: %s", a, why)
		}
	}
}

// Without the flag, --url to a loopback server is a usage error naming
// the flag, a name that resolves to loopback included, and nothing is
// sent; the client refuses at the dial too, so a name that resolves
// elsewhere at first gains nothing.
func TestEgress(t *testing.T) {
	hits := 0
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits++ }))
	defer ts.Close()
	port := ts.URL[strings.LastIndex(ts.URL, ":"):]
	for _, url := range []string{ts.URL, "http://localhost" + port, "http://[::1]" + port, "http://169.254.169.254/latest/meta-data"} {
		for _, cmd := range [][]string{{"lint", "--url", url}, {"discover", "--url", url}, {"proxy", "--bind", "x.json", "--url", url}} {
			var out, errb bytes.Buffer
			code := run(cmd, strings.NewReader(""), &out, &errb)
			if code != exitUsage || !strings.Contains(errb.String(), "--"+allowPrivateFlag) {
				t.Errorf("%v: exit %d, %q", cmd, code, errb.String())
			}
		}
	}
	if err := checkURL(context.Background(), "ftp://example.org/", true); err == nil {
		t.Error("an ftp:// URL was taken")
	}
	c := egressClient(5*time.Second, false)
	if _, err := c.Get("http://localhost" + port); err == nil || !strings.Contains(err.Error(), allowPrivateFlag) {
		t.Errorf("the client dialled loopback: %v", err)
	}
	if resp, err := egressClient(5*time.Second, true).Get(ts.URL); err != nil {
		t.Errorf("with the flag: %v", err)
	} else {
		resp.Body.Close()
	}
	if hits != 1 {
		t.Errorf("the server was reached %d times, want once (with the flag)", hits)
	}
}
