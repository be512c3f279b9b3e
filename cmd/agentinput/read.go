package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
)

// invocation is a parsed `read` command line.
type invocation struct {
	kind   string
	prop   common // mode and requiredness, as the flags set them
	reader reader
	values []string // the VALUE arguments; none means standard input
	buf    []byte   // the output line being built, reused
	out    outcome  // the outcome of the line being written, reused
}

var errHelp = errors.New("help requested")

// flagLike matches the name part of an argument that is spelled as a flag:
// -name, --name, -name=value, --name=value. "-5", "-2.5", "-" and "--5"
// are not spelled as flags.
var flagLike = regexp.MustCompile(`^--?([A-Za-z][A-Za-z0-9-]*)(=|$)`)

// flagName returns the flag name an argument spells and whether the
// argument carries its value after "=".
func flagName(arg string) (name string, withValue, ok bool) {
	m := flagLike.FindStringSubmatch(arg)
	if m == nil {
		return "", false, false
	}
	return m[1], m[2] == "=", true
}

func isHelp(name string) bool { return name == "h" || name == "help" }

// parseRead parses `read`'s arguments:
//
//	KIND [flags] [VALUE ...], with flags anywhere, before or after KIND and
//	among the values.
//
// An argument is a flag when it is spelled as one (-name, --name,
// -name=value) and the name is a flag of the command or of KIND; a flag
// that takes a value takes the next argument whatever it looks like
// (--min -5). Any other argument is a VALUE: "-5", "-2.5", "-", "-Infinity",
// "–". An argument spelled "--name" with a name no kind knows is a usage
// error rather than a value, so that a mistyped option is never silently
// read as data; "--" ends the flags, and every argument after it (but
// KIND) is a VALUE.
//
// KIND is the first argument that is neither a flag nor a flag's value.
func parseRead(args []string) (*invocation, error) {
	known := flagKinds()

	// Pass 1: find KIND. Flags before it are skipped with their values,
	// which is why every flag's arity is known before KIND is.
	at := -1
	for i := 0; i < len(args) && at < 0; i++ {
		a := args[i]
		if a == "--" {
			if i+1 < len(args) {
				at = i + 1
			}
			break
		}
		if name, withValue, ok := flagName(a); ok {
			if isHelp(name) {
				return nil, errHelp
			}
			if isBool, ok := known[name]; ok {
				if !isBool && !withValue {
					i++
				}
				continue
			}
			if strings.HasPrefix(a, "--") {
				return nil, fmt.Errorf("unknown flag %s", a)
			}
		}
		at = i
	}
	if at < 0 {
		return nil, errors.New("missing KIND")
	}
	k, ok := lookupKind(args[at])
	if !ok {
		for _, planned := range plannedKinds {
			if planned == args[at] {
				return nil, fmt.Errorf("kind %s is not yet built", planned)
			}
		}
		return nil, fmt.Errorf("unknown kind %q", args[at])
	}

	// Pass 2: the kind's flags, set in order (the last one wins), and the
	// values.
	var set settings
	fs := newFlagSet(k.name)
	register(fs, k, &set)
	inv := &invocation{kind: k.name}
	terminated := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case i == at:
			continue
		case terminated:
			inv.values = append(inv.values, a)
			continue
		case a == "--":
			terminated = true
			continue
		}
		if name, withValue, ok := flagName(a); ok {
			if isHelp(name) {
				return nil, errHelp
			}
			if f := fs.Lookup(name); f != nil {
				var value string
				switch {
				case withValue:
					value = a[strings.IndexByte(a, '=')+1:]
				case isBoolFlag(f):
					value = "true"
				case i+1 < len(args):
					i++
					value = args[i]
				default:
					return nil, fmt.Errorf("flag --%s needs a value", name)
				}
				if err := fs.Set(name, value); err != nil {
					return nil, fmt.Errorf("invalid value %q for --%s: %v", value, name, err)
				}
				continue
			}
			if _, ok := known[name]; ok {
				return nil, fmt.Errorf("flag %s does not apply to kind %s", a, k.name)
			}
			if strings.HasPrefix(a, "--") {
				return nil, fmt.Errorf("unknown flag %s", a)
			}
		}
		inv.values = append(inv.values, a)
	}
	r, p, err := build(k, set)
	if err != nil {
		return nil, err
	}
	inv.prop, inv.reader = p, r
	return inv, nil
}

func runRead(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	inv, err := parseRead(args)
	if errors.Is(err, errHelp) {
		readUsage(stdout)
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "agentinput read: %v\n\n", err)
		readUsage(stderr)
		return exitUsage
	}
	return inv.run("read", inv.values, stdin, stdout, stderr)
}

// run reads each of values (or, when values is nil, each line of stdin)
// and writes one JSON line per value: the output of `read` and of
// `cursor decode`. A failure to read or write is exitIO.
func (inv *invocation) run(command string, values []string, stdin io.Reader, stdout, stderr io.Writer) int {
	w := bufio.NewWriterSize(stdout, 64<<10)
	var err error
	if values != nil {
		for _, v := range values {
			if err = inv.readArg(w, v); err != nil {
				break
			}
		}
	} else {
		err = inv.stream(w, stdin)
	}
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintf(stderr, "agentinput %s: %v\n", command, err)
		return exitIO
	}
	return exitOK
}

// readArg reads one VALUE argument: JSON when it parses as JSON, otherwise
// a JSON string.
func (inv *invocation) readArg(w *bufio.Writer, arg string) error {
	if len(arg) > maxLineBytes {
		return inv.tooLarge(w, []byte(arg), "the value")
	}
	if v, input, bad, ok := decode([]byte(arg)); ok {
		if bad != nil {
			return inv.write(w, input, agentinput.Asking[any](*bad))
		}
		return inv.write(w, input, inv.reader.read(v))
	}
	return inv.write(w, jsonString(arg), inv.reader.read(arg))
}

// stream reads standard input as JSON Lines: one output line per input line
// but blank ones. A line that is not JSON gets an invalid_json ask, a line
// over maxLineBytes a too_large ask; neither stops the stream.
func (inv *invocation) stream(w *bufio.Writer, r io.Reader) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte
	for first := true; ; first = false {
		// Output is flushed whenever the input buffer runs dry, so that a
		// slow producer sees each answer before it sends the next line,
		// while a bulk stream is flushed once per 64 KiB of input.
		if br.Buffered() == 0 {
			if err := w.Flush(); err != nil {
				return err
			}
		}
		line, over, err := nextLine(br, &long)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if first {
			line = bytes.TrimPrefix(line, []byte("\uFEFF")) // a byte-order mark
		}
		switch {
		case over:
			err = inv.tooLarge(w, line, "the line")
		case blank(line):
			continue
		default:
			if v, input, bad, ok := decode(line); ok && bad != nil {
				err = inv.write(w, input, agentinput.Asking[any](*bad))
			} else if ok {
				inv.out = inv.reader.read(v)
				err = inv.writeOutcome(w, input, &inv.out)
			} else {
				err = inv.notJSON(w, line)
			}
		}
		if err != nil {
			return err
		}
	}
}

// nextLine returns the next line of br without its line end ("\n" or
// "\r\n"), and io.EOF after the last line. A line longer than maxLineBytes
// is consumed to its end but not kept: over is true and line holds its
// first bytes only. buf is the reusable buffer for lines longer than br's.
func nextLine(br *bufio.Reader, buf *[]byte) (line []byte, over bool, err error) {
	frag, err := br.ReadSlice('\n')
	line = frag
	if errors.Is(err, bufio.ErrBufferFull) {
		// Keep at most the budget and a line end, and count the rest.
		const keep = maxLineBytes + 2
		b := append((*buf)[:0], frag...)
		n := len(frag)
		for errors.Is(err, bufio.ErrBufferFull) {
			frag, err = br.ReadSlice('\n')
			n += len(frag)
			if room := keep - len(b); room > 0 {
				b = append(b, frag[:min(room, len(frag))]...)
			}
		}
		*buf = b
		line = b
		over = n > keep
	}
	if err == io.EOF && len(line) > 0 {
		err = nil // the last line has no line end
	}
	if err != nil {
		return nil, false, err
	}
	if !over {
		line = bytes.TrimSuffix(line, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		over = len(line) > maxLineBytes
	}
	return line, over, nil
}

// blank reports whether a line holds only spaces and tabs.
func blank(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// decode decodes text as one JSON value, numbers kept exact as
// json.Number. input is the value's JSON text for the output's "input":
// compact, on one line, and valid UTF-8. A value the factory's decoder
// refuses (a string holding a byte that is not UTF-8 or half a UTF-16
// surrogate pair, a value nested past the depth budget) comes back as
// bad, the ask a tool call would answer for it: both read JSON text
// through factory.DecodeValue, so they agree by construction.
func decode(text []byte) (v any, input []byte, bad *agentinput.Ask, ok bool) {
	// Plain scalars, the common case, without json.Valid or a decoder
	// (factory.DecodePlainScalar: a number, true, false, null, or a string
	// without an escape that is valid UTF-8); their trimmed text is their
	// compact form. Anything else (an escape, a lone surrogate, invalid
	// UTF-8, a container, text that is not JSON) takes the general path.
	t := trimSpace(text)
	if v, ok := factory.DecodePlainScalar(t); ok {
		return v, t, nil, true
	}
	if !json.Valid(text) {
		return nil, nil, nil, false
	}
	// Scalars without a decoder per value: the JSON text is valid, so its
	// first byte says which scalar it is, and the trimmed text is its
	// compact form. A string without an escape that is valid UTF-8 is
	// what it holds.
	switch c := t[0]; {
	case c == '-' || c >= '0' && c <= '9':
		return json.Number(t), t, nil, true
	case c == '"' && bytes.IndexByte(t, '\\') < 0 && utf8.Valid(t):
		return string(t[1 : len(t)-1]), t, nil, true
	case c == 't':
		return true, t, nil, true
	case c == 'f':
		return false, t, nil, true
	case c == 'n':
		return nil, t, nil, true
	}
	var b bytes.Buffer
	if err := json.Compact(&b, text); err != nil {
		return nil, nil, nil, false
	}
	input = b.Bytes()
	if !utf8.Valid(input) {
		// The echo only (the value is never read from it): the invalid
		// bytes shown as U+FFFD, with the keys of an object sorted.
		var echo any
		_ = json.Unmarshal(text, &echo)
		input = jsonValue(echo)
	}
	v, issue := factory.DecodeValue(text)
	if issue != nil {
		ask := issue.Ask
		if issue.Path != "" {
			ask.Reason += " (at " + issue.Path + ")"
		}
		return nil, input, &ask, true
	}
	return v, input, nil, true
}

// trimSpace returns text without the JSON white space (space, tab, CR, LF)
// around it: bytes.Trim(text, " \t\r\n"), without building its cutset on
// every line.
func trimSpace(text []byte) []byte {
	i, j := 0, len(text)
	for i < j && isJSONSpace(text[i]) {
		i++
	}
	for j > i && isJSONSpace(text[j-1]) {
		j--
	}
	return text[i:j]
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// write writes one output line: {"input": input, then the outcome's keys}.
func (inv *invocation) write(w *bufio.Writer, input []byte, o outcome) error {
	inv.out = o
	return inv.writeOutcome(w, input, &inv.out)
}

// writeOutcome is write of *o: a line's outcome is not copied again on
// its way to the encoder. o is inv.out, which is on the heap already
// (the encoder is called through a variable, and its argument escapes).
func (inv *invocation) writeOutcome(w *bufio.Writer, input []byte, o *outcome) error {
	b := append(inv.buf[:0], `{"input":`...)
	b = append(b, input...)
	start := len(b)
	b, err := appendOutcome(b, o) // {"status":…}
	if err != nil {
		return fmt.Errorf("encoding the outcome of %s: %v", input, err)
	}
	b[start] = ',' // splice: the outcome's "{" becomes the separator
	b = append(b, '\n')
	inv.buf = b
	_, err = w.Write(b)
	return err
}

// appendOutcome appends the JSON of an outcome (written by hand, see
// agentinput.Outcome.AppendJSON). TestReadOutputIsEncodingJSON swaps in
// the encoding/json reference and compares the streams byte for byte.
var appendOutcome = func(b []byte, o *outcome) ([]byte, error) { return o.AppendJSON(b) }

// notJSON answers a line of standard input that is not JSON.
func (inv *invocation) notJSON(w *bufio.Writer, line []byte) error {
	received := agentinput.Received(string(line))
	return inv.write(w, jsonString(string(line)), agentinput.Asking[any](agentinput.Ask{
		Code:     agentinput.AskInvalidJSON,
		Received: received,
		Reason:   "the line is not JSON",
		Expected: inv.reader.expected,
		Hint:     "Send one JSON value per line; to send this text, quote it as a JSON string: " + string(received),
	}))
}

// tooLarge answers a value over maxLineBytes. Its "input" is cut like
// received: the budget exists so that such a value is never echoed back.
func (inv *invocation) tooLarge(w *bufio.Writer, prefix []byte, what string) error {
	received := agentinput.Received(string(prefix))
	budget := strconv.Itoa(maxLineBytes)
	return inv.write(w, received, agentinput.Asking[any](agentinput.Ask{
		Code:     agentinput.AskTooLarge,
		Received: received,
		Reason:   what + " is longer than the budget of " + budget + " bytes",
		Expected: inv.reader.expected,
		Hint:     "Send each value within " + budget + " bytes",
	}))
}

// jsonString returns s as a JSON string, without HTML escaping; invalid
// UTF-8 becomes U+FFFD.
func jsonString(s string) []byte { return jsonValue(s) }

func jsonValue(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return []byte("null") // unreachable: decoded JSON always encodes
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func readUsage(w io.Writer) {
	fmt.Fprint(w, `Usage: agentinput read KIND [flags] [VALUE ...]

Reads each VALUE as one property of kind KIND would be read by the tool
factory (absence rule included) and prints one JSON object per value, one per
line: {"input", "status", "value", "notes", "warnings", "ask"}.

A VALUE that parses as JSON is that JSON value (4000 is a number, '"4000"' a
string, null is null); any other VALUE is a JSON string (4 000 is "4 000").
With no VALUE, standard input is read as JSON Lines: blank lines are skipped,
a line that is not JSON gets an ask invalid_json, a line over `+strconv.Itoa(maxLineBytes)+` bytes an ask
too_large.

Flags go before or after KIND and among the values. A value that begins with
"-" (-5, -2.5, -) is a value unless it names a flag; after "--" every
argument is a value.

Flags of every kind:
`)
	fs := newFlagSet("read")
	register(fs, kind{}, new(settings))
	printFlags(w, fs)
	for _, k := range kinds {
		fs := newFlagSet(k.name)
		register(fs, kind{name: k.name, flags: k.flags}, new(settings))
		common := map[string]bool{"mode": true, "required": true}
		fmt.Fprintf(w, "\nKind %s:\n", k.name)
		printFlags(w, fs, common)
	}
	if len(plannedKinds) > 0 {
		fmt.Fprintf(w, "\nKinds not yet built: %s.\n", strings.Join(plannedKinds, ", "))
	}
	fmt.Fprintf(w, "\nExit status: 0 when every value was read (asks included), 2 on a usage error.\n")
}

func printFlags(w io.Writer, fs *flag.FlagSet, skip ...map[string]bool) {
	n := 0
	fs.VisitAll(func(f *flag.Flag) {
		if len(skip) > 0 && skip[0][f.Name] {
			return
		}
		n++
		arg, help := flag.UnquoteUsage(f)
		if isBoolFlag(f) {
			arg = ""
		}
		fmt.Fprintf(w, "  --%s %s\n      %s\n", f.Name, arg, help)
	})
	if n == 0 {
		fmt.Fprintln(w, "  (none)")
	}
}
