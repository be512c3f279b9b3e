package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/number"
)

// spellFlags are spell's own flags, taken off the command line before the
// rest is parsed as read's (KIND, its flags, the VALUE).
type spellFlags struct {
	n         int
	seed      uint64
	ambiguous bool
}

const defaultSpellings = 20

// takeSpellFlags removes -n N, --seed N and --ambiguous (in any of the
// spellings read's flags take) from args.
func takeSpellFlags(args []string) (spellFlags, []string, error) {
	f := spellFlags{n: defaultSpellings, seed: 1}
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		name, withValue, ok := flagName(a)
		if !ok || name != "n" && name != "seed" && name != "ambiguous" {
			rest = append(rest, a)
			continue
		}
		if name == "ambiguous" {
			if withValue {
				return f, nil, fmt.Errorf("--ambiguous takes no value: %q", a)
			}
			f.ambiguous = true
			continue
		}
		var value string
		switch {
		case withValue:
			value = a[strings.IndexByte(a, '=')+1:]
		case i+1 < len(args):
			i++
			value = args[i]
		default:
			return f, nil, fmt.Errorf("flag --%s needs a value", name)
		}
		d, err := number.Parse(value)
		u, whole := d.Int64()
		if err != nil || !whole || u < 0 {
			return f, nil, fmt.Errorf("invalid value %q for --%s: want a whole number", value, name)
		}
		if name == "n" {
			if u == 0 || u > 1000 {
				return f, nil, fmt.Errorf("invalid value %q for -n: want 1 to 1000", value)
			}
			f.n = int(u)
		} else {
			f.seed = uint64(u)
		}
	}
	return f, rest, nil
}

func runSpell(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	f, rest, err := takeSpellFlags(args)
	var inv *invocation
	if err == nil {
		inv, err = parseRead(rest)
	}
	if errors.Is(err, errHelp) {
		spellUsage(stdout)
		return exitOK
	}
	if err == nil && len(inv.values) != 1 {
		err = errors.New("want one VALUE to spell")
	}
	if err != nil {
		fmt.Fprintf(stderr, "agentinput spell: %v\n\n", err)
		spellUsage(stderr)
		return exitUsage
	}
	arg := inv.values[0]
	value := any(arg)
	if v, _, bad, ok := decode([]byte(arg)); ok && bad == nil {
		value = v
	}
	w := bufio.NewWriter(stdout)
	if o := inv.reader.read(value); o.Status() != agentinput.StatusValue {
		fmt.Fprintf(stderr, "agentinput spell: %s does not read %s as a value, so it has no spellings of it: %s\n", inv.kind, arg, outcomeText(o))
		return exitUsage
	}
	// Choice 0 everywhere first (the plainest spelling), then draws from
	// a seeded source: the same command prints the same lines.
	r := rand.New(rand.NewPCG(f.seed, 35))
	seen := map[string]bool{}
	for try := 0; try < 50*f.n && len(seen) < f.n; try++ {
		var c agentinput.Chooser = seeded{r}
		if try == 0 {
			c = seeded{}
		}
		s, ok := inv.reader.binding.Spell(c, value, f.ambiguous)
		if !ok {
			if f.ambiguous {
				fmt.Fprintf(stderr, "agentinput spell: %s has no spelling of %s that it must ask about\n", inv.kind, arg)
			} else {
				fmt.Fprintf(stderr, "agentinput spell: %s writes no spellings of its values\n", inv.kind)
			}
			return exitUsage
		}
		text, err := json.Marshal(s.Value)
		if err != nil || seen[string(text)] {
			continue
		}
		seen[string(text)] = true
		fmt.Fprintf(w, "%s\t%s", text, s.Class)
		if f.ambiguous {
			if a, ok := inv.reader.read(s.Value).Ask(); ok {
				for _, rd := range a.Readings {
					fmt.Fprintf(w, "\t%s", rd.Value)
				}
			}
		}
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "agentinput spell: %v\n", err)
		return exitIO
	}
	return exitOK
}

// seeded is a Chooser of a seeded source; without one it always chooses
// 0, the plainest.
type seeded struct{ r *rand.Rand }

func (s seeded) Choose(_ string, n int) int {
	if s.r == nil || n <= 1 {
		return 0
	}
	return s.r.IntN(n)
}

func outcomeText(o outcome) string {
	if a, ok := o.Ask(); ok {
		return a.Message()
	}
	return "it reads as absent"
}

func spellUsage(w io.Writer) {
	fmt.Fprint(w, `Usage: agentinput spell KIND [flags] [-n N] [--seed N] [--ambiguous] VALUE

Prints spellings of VALUE that a property of kind KIND reads back as that
value, one a line: the spelling as JSON, a tab, its spelling class. The
first line is the plainest spelling; the others are drawn from every class
the kind reads under its flags (read's flags: run "agentinput read -h"),
the same for the same --seed (default 1). -n is how many distinct
spellings (default 20, at most 1000).

With --ambiguous it prints spellings the kind must ask about instead,
each followed by the readings of its ask (tab-separated JSON).

VALUE is read as read reads it: JSON when it parses as JSON, else a string.
`)
}
