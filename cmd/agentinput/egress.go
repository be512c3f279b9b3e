package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"syscall"
	"time"
)

// The flag that lets --url reach this machine and its networks.
const allowPrivateFlag = "allow-private-network"

// blockedAddr says why a --url connection may not reach addr without
// --allow-private-network, or "" when it may: loopback, private and
// shared ranges, link-local addresses (the cloud metadata endpoints
// 169.254.169.254 and fd00:ec2::254 among them), unspecified and multicast
// addresses. A server that binds tools for a model must not be made to
// reach what sits behind its own firewall.
func blockedAddr(a netip.Addr) string {
	a = a.Unmap()
	switch {
	case a.IsLoopback():
		return "a loopback address"
	case a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast():
		return "a link-local address (where cloud metadata endpoints live)"
	case a.IsPrivate():
		return "a private address"
	case a.IsUnspecified():
		return "the unspecified address"
	case a.IsMulticast() || a.IsInterfaceLocalMulticast():
		return "a multicast address"
	case a.Is4() && netip.MustParsePrefix("100.64.0.0/10").Contains(a):
		return "a shared (carrier-grade NAT) address"
	case a == netip.MustParseAddr("fd00:ec2::254"):
		return "a cloud metadata address"
	}
	return ""
}

// egressClient is the HTTP client of a --url connection: each connection
// it dials, redirects and every address a name resolves to included, is
// refused when it would reach a blocked address (blockedAddr) unless
// allowPrivate; the check is on the address dialled, so a name that
// resolves elsewhere the second time gains nothing.
func egressClient(timeout time.Duration, allowPrivate bool) *http.Client {
	d := &net.Dialer{Timeout: timeout}
	if !allowPrivate {
		d.Control = func(_, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil {
				return fmt.Errorf("--url: the address %s is not an IP address and port", address)
			}
			if why := blockedAddr(ap.Addr()); why != "" {
				return fmt.Errorf("--url reaches %s, %s; reaching it takes --%s", ap.Addr(), why, allowPrivateFlag)
			}
			return nil
		}
	}
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = d.DialContext
	t.Proxy = nil // a proxy from the environment would dial for it, unchecked
	return &http.Client{Timeout: timeout, Transport: t}
}

// checkURL refuses a --url that is not http(s), or whose host is (or
// resolves only to) a blocked address, before anything is sent: the same
// rule egressClient applies to every connection, said as a usage error.
func checkURL(ctx context.Context, raw string, allowPrivate bool) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("--url %s: want an http:// or https:// URL", raw)
	}
	if allowPrivate {
		return nil
	}
	host := u.Hostname()
	if a, err := netip.ParseAddr(host); err == nil {
		if why := blockedAddr(a); why != "" {
			return fmt.Errorf("--url %s: %s is %s; reaching it takes --%s", raw, host, why, allowPrivateFlag)
		}
		return nil
	}
	addrs, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return nil // the connection will say it cannot resolve
	}
	for _, a := range addrs {
		if blockedAddr(a) == "" {
			return nil
		}
	}
	if len(addrs) > 0 {
		return fmt.Errorf("--url %s: %s resolves to %s, %s; reaching it takes --%s", raw, host, addrs[0], blockedAddr(addrs[0]), allowPrivateFlag)
	}
	return errors.New("--url " + raw + ": the name resolves to no address")
}
