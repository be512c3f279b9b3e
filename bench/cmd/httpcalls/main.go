// Command httpcalls measures calls a second and the 99th percentile of a
// call's latency over streamable HTTP at 1, 8 and 64 concurrent clients,
// each client with its own session sending tools/call one after another,
// against each server URL given, interleaved, and prints medians of the
// rounds and the ratio of each to the first:
//
//	go run ./cmd/httpcalls -calls 200 -rounds 5 \
//		http://127.0.0.1:8081/ search_items '{"query":"q"}' -- \
//		http://127.0.0.1:8082/ read_decisions '{"court":"NS"}'
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"
)

type target struct{ url, tool, args string }

func main() {
	calls := flag.Int("calls", 200, "calls a client sends in a round")
	rounds := flag.Int("rounds", 5, "rounds per server and client count")
	flag.Parse()
	var targets []target
	a := flag.Args()
	for len(a) >= 3 {
		targets = append(targets, target{a[0], a[1], a[2]})
		a = a[3:]
		if len(a) > 0 && a[0] == "--" {
			a = a[1:]
		}
	}
	for _, clients := range []int{1, 8, 64} {
		rate := make([][]float64, len(targets))
		p99 := make([][]float64, len(targets))
		refused := make([]int, len(targets))
		for range *rounds {
			for i, t := range targets {
				r, p, n := round(t, clients, *calls)
				rate[i] = append(rate[i], r)
				p99[i] = append(p99[i], p)
				refused[i] += n
			}
		}
		for i, t := range targets {
			r, p := median(rate[i]), median(p99[i])
			fmt.Printf("%2d clients  %-28s %8.0f calls/s (%.2f×)  p99 %7.2f ms (%.2f×)  refused %d\n",
				clients, t.url, r, r/median(rate[0]), p, p/median(p99[0]), refused[i])
		}
	}
}

// round runs clients sessions of calls calls each and returns the calls a
// second, the p99 latency in ms and how many were refused (503, 429).
func round(t target, clients, calls int) (float64, float64, int) {
	hc := &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	var mu sync.Mutex
	var lat []float64
	refused := 0
	var wg sync.WaitGroup
	start := time.Now()
	for range clients {
		wg.Go(func() {
			session := post(hc, t.url, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"httpcalls","version":"0"}}}`).session
			post(hc, t.url, session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			for k := range calls {
				t0 := time.Now()
				r := post(hc, t.url, session, `{"jsonrpc":"2.0","id":`+strconv.Itoa(k+2)+`,"method":"tools/call","params":{"name":"`+t.tool+`","arguments":`+t.args+`}}`)
				d := float64(time.Since(t0).Microseconds()) / 1000
				mu.Lock()
				lat = append(lat, d)
				if r.status == http.StatusServiceUnavailable || r.status == http.StatusTooManyRequests {
					refused++
				} else if r.status != http.StatusOK {
					log.Fatalf("%s: status %d", t.url, r.status)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start).Seconds()
	slices.Sort(lat)
	return float64(clients*calls) / elapsed, lat[len(lat)*99/100], refused
}

type reply struct {
	status  int
	session string
}

func post(hc *http.Client, url, session, body string) reply {
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader([]byte(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	}
	resp, err := hc.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return reply{resp.StatusCode, resp.Header.Get("Mcp-Session-Id")}
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
