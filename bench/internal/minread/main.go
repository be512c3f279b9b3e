// Command minread is the anchor of the report's read row: the least a
// program can do and still answer every line of its standard input with a
// JSON line. It imports only the standard library, so that its start-up is
// a Go program's; cmd/report builds it and runs it beside
// `agentinput read number` on the same input.
//
// By default it writes each line by hand with strconv (the minimal loop
// issue 23 names); with -json it writes them with encoding/json.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
)

func main() {
	withJSON := flag.Bool("json", false, "write the lines with encoding/json, not by hand")
	flag.Parse()
	read := handRead
	if *withJSON {
		read = minimalRead
	}
	if err := read(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// minimalRead is the anchor of the read row: a plain loop a Go programmer
// would write for "read numbers, one JSON line each": it reads lines,
// unquotes a JSON string, parses the text with strconv.ParseFloat and
// writes {"input":LINE,"value":V} or {"input":LINE,"error":"invalid"} with
// encoding/json (the line goes in as a json.RawMessage, which the encoder
// checks and compacts). It skips blank lines.
func minimalRead(in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriterSize(out, 64<<10)
	enc := json.NewEncoder(w)
	for {
		line, err := r.ReadSlice('\n')
		line = bytes.TrimRight(line, "\r\n")
		if len(line) > 0 {
			text := string(line)
			if line[0] == '"' {
				if u, uerr := strconv.Unquote(text); uerr == nil {
					text = u
				}
			}
			o := answer{Input: line}
			if f, perr := strconv.ParseFloat(text, 64); perr == nil {
				o.Value = &f
			} else {
				o.Error = "invalid"
			}
			if werr := enc.Encode(o); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return w.Flush()
		}
		if err != nil {
			return err
		}
	}
}

// answer is one output line.
type answer struct {
	Input json.RawMessage `json:"input"`
	Value *float64        `json:"value,omitempty"`
	Error string          `json:"error,omitempty"`
}

// handRead is the minimal loop: it reads lines, drops a string's quotes,
// parses the text with strconv.ParseFloat and appends
// {"input":"LINE","value":V} or {"input":"LINE","error":"invalid"} with
// strconv.AppendQuote and AppendFloat into one reused buffer (AppendQuote
// is Go's quoting, close to JSON's for the lines of the report's mix). It
// skips blank lines.
func handRead(in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriterSize(out, 64<<10)
	var buf []byte
	for {
		line, err := r.ReadSlice('\n')
		line = bytes.TrimRight(line, "\r\n")
		if len(line) > 0 {
			text := line
			if len(text) >= 2 && text[0] == '"' && text[len(text)-1] == '"' {
				text = text[1 : len(text)-1]
			}
			buf = append(buf[:0], `{"input":`...)
			buf = strconv.AppendQuote(buf, string(line))
			if f, perr := strconv.ParseFloat(string(text), 64); perr == nil {
				buf = append(buf, `,"value":`...)
				buf = strconv.AppendFloat(buf, f, 'g', -1, 64)
			} else {
				buf = append(buf, `,"error":"invalid"`...)
			}
			buf = append(buf, "}\n"...)
			if _, werr := w.Write(buf); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return w.Flush()
		}
		if err != nil {
			return err
		}
	}
}
