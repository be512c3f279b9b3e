// Command startcost measures what a stdio MCP server costs to start, as a
// client that starts a server per session pays it: the time from the
// process's start to the answer of its first tools/list (initialize,
// initialized, tools/list), and its resident memory right after (VmRSS).
// It runs each server given, interleaved, rounds times and prints the
// medians and the ratio of each to the first:
//
//	go run ./cmd/startcost -rounds 9 -- /tmp/minimalserver -- /tmp/agentinput serve --store memory
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	rounds := flag.Int("rounds", 9, "how many times each server is started")
	flag.Parse()
	var servers [][]string
	for _, a := range flag.Args() {
		if a == "--" {
			servers = append(servers, nil)
			continue
		}
		if len(servers) == 0 {
			servers = append(servers, nil)
		}
		servers[len(servers)-1] = append(servers[len(servers)-1], a)
	}
	lat := make([][]float64, len(servers))
	rss := make([][]float64, len(servers))
	for range *rounds {
		for i, s := range servers {
			d, kb, err := once(s)
			if err != nil {
				log.Fatalf("%v: %v", s, err)
			}
			lat[i] = append(lat[i], float64(d.Microseconds())/1000)
			rss[i] = append(rss[i], float64(kb)/1024)
		}
	}
	for i, s := range servers {
		l, r := median(lat[i]), median(rss[i])
		fmt.Printf("%-50s first tools/list %7.1f ms (%.2f×)   RSS %6.1f MiB (%.2f×)\n",
			strings.Join(s, " "), l, l/median(lat[0]), r, r/median(rss[0]))
	}
}

const (
	initialize  = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"startcost","version":"0"}}}`
	initialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	list        = `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
)

// stateDir is the state directory the servers are given (a server that
// keeps a store there by default, agentinput serve, makes its file once).
var stateDir, _ = os.MkdirTemp("", "startcost")

// once starts the server, times its first tools/list and reads its RSS.
func once(argv []string) (time.Duration, int, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = io.Discard
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+stateDir)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, 0, err
	}
	defer func() { in.Close(); cmd.Process.Kill(); cmd.Wait() }()
	r := bufio.NewReaderSize(out, 1<<20)
	io.WriteString(in, initialize+"\n")
	if _, err := r.ReadBytes('\n'); err != nil {
		return 0, 0, err
	}
	io.WriteString(in, initialized+"\n"+list+"\n")
	if _, err := r.ReadBytes('\n'); err != nil {
		return 0, 0, err
	}
	d := time.Since(start)
	time.Sleep(50 * time.Millisecond) // idle
	status, err := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/status")
	if err != nil {
		return 0, 0, err
	}
	kb := 0
	for _, line := range strings.Split(string(status), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ = strconv.Atoi(f[1])
		}
	}
	return d, kb, nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
