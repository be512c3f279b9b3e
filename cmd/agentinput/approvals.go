package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/user"
	"strconv"
	"text/tabwriter"
	"time"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"agentinput.dev/approval"
	"agentinput.dev/internal/shown"
	"agentinput.dev/kinds/uuid"
)

const approvalsUsage = `usage: agentinput approvals list [--store STORE] [--state STATE] [--limit N] [--json]
       agentinput approvals show [--store STORE] ID
       agentinput approvals approve [--store STORE] [--by NAME] [--reason TEXT] ID
       agentinput approvals deny [--store STORE] [--by NAME] [--reason TEXT] ID
       agentinput approvals resolve [--store STORE] (--committed | --not-started) [--by NAME] [--reason TEXT] ID

STORE is sqlite:PATH or postgres://DSN, the store the proxy keeps its
approval intents in (default: SQLite in the user's state directory,
approvals.db); memory is refused: an approval must outlive the process
that asked for it. list prints the newest intents first, as a table or,
with --json, one JSON object a line; show prints one intent as JSON;
approve and deny decide a pending intent (read it with show first).
resolve records what you found on the remote side of an intent whose
effect its host could not record (dispatching: its host stopped mid-send;
unknown: the send failed with no clear answer): --committed if the write
took effect there, --not-started if it did not. Check the remote side
first (docs/approvals.md, "Resolving an intent"): the proxy answers the
model with what you record, and never sends the intent again.

Exit status: 0 done; 1 the store failed; 2 a usage error (a flag, a state,
an id that is not a UUID); 3 no intent has the id; 4 the intent is not
pending, so it cannot be approved or denied, or not dispatching or unknown,
so it cannot be resolved (docs/approvals.md).`

// The exit statuses of approvals beyond exitOK, exitIO and exitUsage.
const (
	exitNotFound   = 3 // no intent has the id
	exitNotPending = 4 // approve or deny of an intent that is not pending; resolve of one that is not dispatching or unknown
)

// approvalsTimeout bounds one approvals command: opening the store (a
// PostgreSQL server that does not answer) and its one move.
const approvalsTimeout = 30 * time.Second

// runApprovals is `agentinput approvals`: the operator's side of the
// approval gate on a host's remote writes.
func runApprovals(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, approvalsUsage)
		return exitUsage
	}
	sub, args := args[0], args[1:]
	switch sub {
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(stdout, approvalsUsage)
		return exitOK
	case "list", "show", "approve", "deny", "resolve":
	default:
		fmt.Fprintf(stderr, "agentinput approvals: unknown command %q: want list, show, approve, deny or resolve\n\n%s\n", sub, approvalsUsage)
		return exitUsage
	}
	fs := flag.NewFlagSet("approvals "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, approvalsUsage) }
	storeFlag := fs.String("store", "", "the approval store: `STORE` is sqlite:PATH or postgres://DSN (default: SQLite in the user's state directory)")
	var state, by, reason *string
	var limit *int
	var asJSON, committed, notStarted *bool
	switch sub {
	case "list":
		state = fs.String("state", "", "list only the intents in `STATE` (pending, denied, approved, dispatching, committed, not_started, unknown)")
		limit = fs.Int("limit", approval.DefaultLimit, fmt.Sprintf("list at most `N` intents (at most %d)", approval.MaxLimit))
		asJSON = fs.Bool("json", false, "print one JSON object a line instead of a table")
	case "approve", "deny":
		by = fs.String("by", "", "who decides: `NAME` (default: the name of the user running the command)")
		reason = fs.String("reason", "", "why: free `TEXT`, kept with the decision")
	case "resolve":
		committed = fs.Bool("committed", false, "the write took effect on the remote side")
		notStarted = fs.Bool("not-started", false, "the write did not take effect on the remote side")
		by = fs.String("by", "", "who checked the remote side: `NAME` (default: the name of the user running the command)")
		reason = fs.String("reason", "", "what you found there: free `TEXT`, kept with the intent and told to the model")
	}
	rest, err := parseInterleaved(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if err != nil {
		return exitUsage // the flag package said why
	}
	prefix := "agentinput approvals " + sub + ": "
	var id string
	switch {
	case sub == "list" && len(rest) > 0:
		fmt.Fprintf(stderr, "%slist takes no id (got %s): use show ID\n", prefix, strconv.QuoteToGraphic(short(rest[0])))
		return exitUsage
	case sub != "list" && len(rest) != 1:
		fmt.Fprintf(stderr, "%sgive one intent id (got %d arguments)\n", prefix, len(rest))
		return exitUsage
	case sub != "list":
		// The id a person typed, read by the UUID kind's owner: any
		// spelling of one meaning (upper case, braces, no hyphens).
		u, ok := uuid.Read(rest[0], uuid.Options{}).Value()
		if !ok {
			fmt.Fprintf(stderr, "%s%s is not an intent id: an id is a UUID like 6ba7b810-9dad-41d1-80b4-00c04fd430c8, as list shows it\n", prefix, strconv.QuoteToGraphic(short(rest[0])))
			return exitUsage
		}
		id = uuid.Format(u)
	}
	var filter approval.Filter
	if sub == "list" {
		filter = approval.Filter{State: approval.State(*state), Limit: *limit}
		if filter.State != "" && !filter.State.Valid() {
			fmt.Fprintf(stderr, "%s--state %s is not a state: want pending, denied, approved, dispatching, committed, not_started or unknown\n", prefix, strconv.QuoteToGraphic(short(*state)))
			return exitUsage
		}
		if *limit < 1 || *limit > approval.MaxLimit {
			fmt.Fprintf(stderr, "%s--limit %d: want 1 to %d\n", prefix, *limit, approval.MaxLimit)
			return exitUsage
		}
	}
	if sub == "resolve" && *committed == *notStarted {
		fmt.Fprintf(stderr, "%ssay what you found on the remote side: --committed or --not-started (one of them)\n", prefix)
		return exitUsage
	}
	if by != nil && *by == "" {
		u, err := user.Current()
		if err != nil || u.Username == "" {
			fmt.Fprintf(stderr, "%ssay who decides: --by NAME (the current user has no name here)\n", prefix)
			return exitUsage
		}
		*by = u.Username
	}

	ctx, cancel := context.WithTimeout(context.Background(), approvalsTimeout)
	defer cancel()
	store, where, err := openApprovals(ctx, *storeFlag, false)
	if err != nil {
		fmt.Fprintf(stderr, "%s%v\n", prefix, err)
		if bad := badStore(""); errors.As(err, &bad) {
			return exitUsage
		}
		return exitIO
	}
	defer store.Close()

	switch sub {
	case "list":
		intents, err := store.List(ctx, filter)
		if err != nil {
			fmt.Fprintf(stderr, "%s%s: %v\n", prefix, where, err)
			return exitIO
		}
		if *asJSON {
			err = printJSONLines(stdout, intents)
		} else {
			err = printTable(stdout, stderr, intents, filter.State)
		}
		if err != nil {
			fmt.Fprintf(stderr, "%swriting the list: %v\n", prefix, err)
			return exitIO
		}
		return exitOK
	case "show":
		in, err := store.Get(ctx, id)
		if code := moveFailed(stderr, prefix, where, id, err); code != exitOK {
			return code
		}
		b, err := json.MarshalIndent(in, "", "  ")
		if err == nil {
			// What a person approves is what is sent: a character that
			// does not show (a bidi override, a zero-width space) is
			// escaped in the JSON, the same value, and named on stderr.
			var warnings []string
			b, warnings = visibleJSON(b)
			for _, w := range warnings {
				fmt.Fprintf(stderr, "%swarning: %s\n", prefix, w)
			}
			_, err = fmt.Fprintf(stdout, "%s\n", b)
		}
		if err != nil {
			fmt.Fprintf(stderr, "%swriting the intent: %v\n", prefix, err)
			return exitIO
		}
		return exitOK
	}
	if sub == "resolve" {
		return resolveIntent(ctx, stdout, stderr, store, prefix, where, id, *committed, *by, *reason)
	}
	in, err := store.Decide(ctx, id, sub == "approve", *by, *reason, time.Now())
	if errors.Is(err, approval.ErrInvalid) {
		fmt.Fprintf(stderr, "%s%v\n", prefix, err)
		return exitUsage
	}
	if errors.Is(err, approval.ErrState) {
		fmt.Fprintf(stderr, "%sthe intent %s is %s%s, not pending: only a pending intent is approved or denied\n", prefix, id, in.State, decided(in))
		return exitNotPending
	}
	if code := moveFailed(stderr, prefix, where, id, err); code != exitOK {
		return code
	}
	verb := map[bool]string{true: "approved", false: "denied"}[sub == "approve"]
	fmt.Fprintf(stdout, "%s %s: %s (remote %s) in scope %s, by %s\n", verb, in.ID, cell(in.Tool), cell(in.Remote), cell(in.ScopeID), cell(in.DecidedBy))
	return exitOK
}

// resolveIntent records what a person found on the remote side of the
// intent id.
func resolveIntent(ctx context.Context, stdout, stderr io.Writer, store approval.Store, prefix, where, id string, committed bool, by, reason string) int {
	to := approval.NotStarted
	if committed {
		to = approval.Committed
	}
	in, err := store.Resolve(ctx, id, to, by, reason, time.Now())
	if errors.Is(err, approval.ErrInvalid) {
		fmt.Fprintf(stderr, "%s%v\n", prefix, err)
		return exitUsage
	}
	if errors.Is(err, approval.ErrState) {
		fmt.Fprintf(stderr, "%sthe intent %s is %s, not dispatching or unknown: only an intent whose effect was not recorded is resolved\n", prefix, id, in.State)
		return exitNotPending
	}
	if code := moveFailed(stderr, prefix, where, id, err); code != exitOK {
		return code
	}
	fmt.Fprintf(stdout, "resolved %s as %s: %s (remote %s) in scope %s, by %s\n", in.ID, in.State, cell(in.Tool), cell(in.Remote), cell(in.ScopeID), cell(in.ResolvedBy))
	return exitOK
}

// moveFailed reports the error of a Get or a Decide, and answers the exit
// status (exitOK when err is nil).
func moveFailed(stderr io.Writer, prefix, where, id string, err error) int {
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, approval.ErrNotFound):
		fmt.Fprintf(stderr, "%sno intent %s in %s: list shows the ids\n", prefix, id, where)
		return exitNotFound
	}
	fmt.Fprintf(stderr, "%s%s: %v\n", prefix, where, err)
	return exitIO
}

// decided says who decided an intent and when, for a message.
func decided(in approval.Intent) string {
	if in.Decided.IsZero() {
		return ""
	}
	return fmt.Sprintf(" (decided by %s at %s)", cell(in.DecidedBy), in.Decided.Format(time.RFC3339))
}

// parseInterleaved parses flags before and after the positional
// arguments (approve ID --by NAME, as well as approve --by NAME ID),
// and answers the positional ones.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}

// printJSONLines prints each intent as one JSON object a line.
func printJSONLines(w io.Writer, intents []approval.Intent) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, in := range intents {
		if err := enc.Encode(in); err != nil {
			return err
		}
	}
	return nil
}

// printTable prints the intents as a table, or says on stderr that there
// are none.
func printTable(stdout, stderr io.Writer, intents []approval.Intent, state approval.State) error {
	if len(intents) == 0 {
		what := "intents"
		if state != "" {
			what = string(state) + " intents"
		}
		_, err := fmt.Fprintf(stderr, "no %s\n", what)
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSTATE\tPREPARED\tTOOL\tREMOTE\tSCOPE\tDECIDED BY\tCODE")
	for _, in := range intents {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", in.ID, in.State, in.Prepared.Format(time.RFC3339),
			cell(in.Tool), cell(in.Remote), cell(in.ScopeID+"@"+in.ScopeRevision), cell(in.DecidedBy), cell(in.Code))
	}
	return tw.Flush()
}

// cell is a text field as a table cell or a message shows it: as it is
// when every rune is a printable non-space (a graphic rune: not a
// control or format character), quoted (Go syntax, escapes for the rest)
// otherwise, so that a control character, a bidirectional override or a
// tab in a name can neither move the terminal's cursor nor
// break a column; "-" when empty.
func cell(s string) string {
	if s == "" {
		return "-"
	}
	for _, r := range s {
		if !unicode.IsGraphic(r) || unicode.IsSpace(r) || r == '"' {
			return strconv.QuoteToGraphic(s)
		}
	}
	return s
}

// short bounds a value a message repeats: its first 64 bytes (whole
// runes), and "…" when there was more.
func short(s string) string {
	if len(s) <= 64 {
		return s
	}
	i := 64
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// visibleJSON escapes, in JSON text, every character that does not show
// on a screen (shown.Unseen: bidi controls, zero-width and other format
// characters, invisible marks) as a JSON escape, so that the text means
// the same and shows what it holds; and says what it escaped, and which
// words mix look-alike letters of two scripts (shown.Shown's warnings).
func visibleJSON(b []byte) ([]byte, []string) {
	_, warnings := shown.Shown(string(b))
	if len(warnings) == 0 {
		return b, nil
	}
	out := make([]byte, 0, len(b)+32)
	for _, c := range string(b) {
		if !shown.Unseen(c) {
			out = utf8.AppendRune(out, c)
			continue
		}
		if c > 0xFFFF {
			hi, lo := utf16.EncodeRune(c)
			out = fmt.Appendf(out, "\\u%04x\\u%04x", hi, lo)
			continue
		}
		out = fmt.Appendf(out, "\\u%04x", c)
	}
	return out, warnings
}
