package main

import (
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"strconv"
	"time"

	"agentinput.dev/internal/binding"
	"agentinput.dev/kinds/cursor"
)

// cursorKeyEnv names the environment variable that holds the cursor key
// when --key is not given.
const cursorKeyEnv = "AGENTINPUT_CURSOR_KEY"

// cursorFlags are the flags of `read cursor` and `cursor encode|decode`:
// the key (its bytes, at least 16), the session and the filters a token is
// bound to, and the TTL.
type cursorFlags struct {
	key, session, filters string
	ttl                   time.Duration
}

func (c *cursorFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.key, "key", "", "`KEY`: the cursor key, at least 16 bytes (default: $"+cursorKeyEnv+")")
	fs.StringVar(&c.session, "session", "", "`ID`: the session a cursor is bound to")
	fs.StringVar(&c.filters, "filters", "", "`TEXT`: what stands for the listing's filters (any text, such as their JSON)")
	fs.DurationVar(&c.ttl, "ttl", 0, "`D`: how long a cursor lives (default 24h)")
}

// codec returns the codec of the key. When there is none and optional is
// true, it is a codec of a key of its own, drawn now and never shown: no
// token reads (invalid_cursor), and what is outside the token class is no
// cursor, as with any key.
func (c *cursorFlags) codec(optional bool) (*cursor.Reader, error) {
	key := c.key
	if key == "" {
		key = os.Getenv(cursorKeyEnv)
	}
	if key == "" && !optional {
		return nil, errors.New("no key: give --key or set " + cursorKeyEnv)
	}
	if key == "" {
		k := make([]byte, 32)
		rand.Read(k)
		key = string(k)
	}
	return cursor.New(cursor.Options{Keys: [][]byte{[]byte(key)}, TTL: c.ttl})
}

// runCursor is `agentinput cursor encode|decode`:
//
//	agentinput cursor encode --offset N --page-size N [--session ID] [--filters TEXT] [--key KEY]
//	agentinput cursor decode [--session ID] [--filters TEXT] [--key KEY] [TOKEN ...]
//
// encode prints one token; decode prints one JSON line per token (or per
// line of standard input) as `read cursor` would.
func runCursor(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	usage := func(w io.Writer) {
		fmt.Fprint(w, `Usage: agentinput cursor encode --offset N --page-size N [flags]
       agentinput cursor decode [flags] [TOKEN ...]

The key is --key or $`+cursorKeyEnv+` (at least 16 bytes). Flags:
  --session ID     the session a cursor is bound to
  --filters TEXT   what stands for the listing's filters
  --ttl D          how long a cursor lives (default 24h)
  --offset N       encode: the next page's first item
  --page-size N    encode: the page size
`)
	}
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	sub := args[0]
	if sub == "-h" || sub == "--help" || sub == "help" {
		usage(stdout)
		return exitOK
	}
	fs := newFlagSet("cursor " + sub)
	var cf cursorFlags
	cf.register(fs)
	offset := fs.Int64("offset", 0, "")
	size := fs.Int("page-size", 0, "")
	fail := func(err error) int {
		fmt.Fprintf(stderr, "agentinput cursor: %v\n\n", err)
		usage(stderr)
		return exitUsage
	}
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout)
			return exitOK
		}
		return fail(err)
	}
	switch sub {
	case "encode":
		if fs.NArg() > 0 {
			return fail(fmt.Errorf("encode takes no arguments, have %q", fs.Arg(0)))
		}
		if *offset < 0 || *size < 0 || *size > 1<<31-1 {
			return fail(errors.New("--offset and --page-size are whole numbers from 0 (the page size up to 2^31-1)"))
		}
		c, err := cf.codec(false)
		if err != nil {
			return fail(err)
		}
		fmt.Fprintln(stdout, c.Encode(cursor.Position{Offset: *offset, PageSize: *size, Session: cf.session, Filters: cf.filters}))
		return exitOK
	case "decode":
		c, err := cf.codec(false)
		if err != nil {
			return fail(err)
		}
		b, err := binding.BindProperty("", reflect.TypeFor[cursor.Position](), "cursor", &binding.Env{Cursors: c})
		if err != nil {
			return fail(err)
		}
		inv := &invocation{kind: "cursor", reader: readerOf(b, cf.session, cf.filters)}
		var tokens []string
		if fs.NArg() > 0 {
			tokens = fs.Args()
		}
		return inv.run("cursor", tokens, stdin, stdout, stderr)
	}
	return fail(errors.New("unknown subcommand " + strconv.Quote(sub) + ": want encode or decode"))
}
