package ownership

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
)

// A Kind is one row of the ownership table: a kind, the packages that own
// it, and the parsing primitives only they may use.
type Kind struct {
	// Name is the kind's name, as in the ownership table of docs/census.md
	// and in allow comments.
	Name string
	// Owners are the import paths of the packages that may use the
	// primitives. The first is the kind's own package; Use names its
	// functions.
	Owners []string
	// Use names the functions of the first owner that other code calls
	// instead ("Read", "Parse").
	Use []string
	// Primitives are the guarded functions and methods, each spelled as
	// types.Func.FullName spells it: "strconv.ParseFloat",
	// "(encoding/json.Number).Float64",
	// "(*github.com/google/uuid.UUID).UnmarshalText". A primitive may be
	// listed by several kinds; any owner of any of them may use it.
	Primitives []string
}

// AllowDirective starts an allow comment: //agentinput:allow <kind> <reason>.
const AllowDirective = "//agentinput:allow"

// Diagnostic categories: a use of a primitive, or a malformed or unused
// allow comment.
const (
	CategoryUse   = "use"
	CategoryAllow = "allow"
)

// New returns the analyzer that enforces table. It returns an error when the
// table is malformed: a kind without a name or an owner, a kind listed
// twice, a primitive that is not spelled as a full name.
func New(table []Kind) (*analysis.Analyzer, error) {
	c := &checker{guarded: map[funcKey]*primitive{}, kinds: map[string]*Kind{}}
	for i := range table {
		k := &table[i]
		if !kindName.MatchString(k.Name) {
			return nil, fmt.Errorf("ownership: kind %q: a kind is named in lowercase letters", k.Name)
		}
		if c.kinds[k.Name] != nil {
			return nil, fmt.Errorf("ownership: kind %q is listed twice", k.Name)
		}
		if len(k.Owners) == 0 {
			return nil, fmt.Errorf("ownership: kind %q has no owner package", k.Name)
		}
		if len(k.Use) == 0 {
			return nil, fmt.Errorf("ownership: kind %q names no owner function to call", k.Name)
		}
		c.kinds[k.Name] = k
		c.names = append(c.names, k.Name)
		for _, full := range k.Primitives {
			short, err := ShortName(full)
			if err != nil {
				return nil, fmt.Errorf("ownership: kind %q: %v", k.Name, err)
			}
			key := keyOfName(full)
			p := c.guarded[key]
			if p == nil {
				p = &primitive{short: short, long: longName(full), pkg: keyOfName(full).pkg}
				c.guarded[key] = p
			}
			if slices.Contains(p.kinds, k) {
				return nil, fmt.Errorf("ownership: kind %q lists %s twice", k.Name, full)
			}
			p.kinds = append(p.kinds, k)
		}
	}
	for _, p := range c.guarded {
		p.message = p.compose()
	}
	return &analysis.Analyzer{
		Name: "census",
		Doc: "report uses of a kind's parsing primitives outside its owner package\n\n" +
			"Every kind of value has one owner package; strconv.ParseFloat, time.Parse, uuid.Parse and the\n" +
			"other primitives of the ownership table may be used only there, or under a comment\n" +
			"//agentinput:allow <kind> <reason> on the line or the line above.",
		Run: c.run,
	}, nil
}

var kindName = regexp.MustCompile(`^[a-z][a-z0-9]*$`)

// ShortName turns a primitive's full name into the name a reader writes:
// "(encoding/json.Number).Float64" → "json.Number.Float64",
// "github.com/google/uuid.Parse" → "uuid.Parse".
func ShortName(full string) (string, error) {
	recv, name := "", full
	if strings.HasPrefix(full, "(") {
		end := strings.Index(full, ").")
		if end < 0 {
			return "", fmt.Errorf("primitive %q: a method is spelled (pkg.Type).Name or (*pkg.Type).Name", full)
		}
		recv, name = strings.TrimPrefix(full[1:end], "*"), full[end+2:]
		dot := strings.LastIndex(recv, ".")
		if dot < 0 {
			return "", fmt.Errorf("primitive %q: the receiver needs its package path", full)
		}
		recv, name = path.Base(recv[:dot])+"."+recv[dot+1:], "."+name
	} else {
		dot := strings.LastIndex(full, ".")
		if dot <= 0 || strings.Contains(full[dot:], "/") {
			return "", fmt.Errorf("primitive %q: a function is spelled pkg/path.Name", full)
		}
		recv, name = path.Base(full[:dot]), full[dot:]
	}
	if !token.IsIdentifier(strings.TrimPrefix(name, ".")) {
		return "", fmt.Errorf("primitive %q: %q is not a Go name", full, name[1:])
	}
	return recv + name, nil
}

// longName turns a primitive's full name into a name with its whole
// package path, for a message where the short name would be ambiguous:
// "(*github.com/google/uuid.UUID).UnmarshalText" →
// "github.com/google/uuid.UUID.UnmarshalText".
func longName(full string) string {
	if rest, ok := strings.CutPrefix(full, "("); ok {
		recv, name, _ := strings.Cut(strings.TrimPrefix(rest, "*"), ").")
		return recv + "." + name
	}
	return full
}

// A primitive is one guarded function and the kinds that list it.
type primitive struct {
	short   string  // json.Number.Float64
	long    string  // encoding/json.Number.Float64
	pkg     string  // encoding/json
	kinds   []*Kind // in table order
	message string  // the diagnostic, built once
}

func (p *primitive) ownedBy(pkgPath string) bool {
	for _, k := range p.kinds {
		if slices.Contains(k.Owners, pkgPath) {
			return true
		}
	}
	return false
}

// compose builds the diagnostic:
//
//	strconv.ParseFloat parses a number: only agentinput.dev/kinds/number may; call number.Read or number.Parse
//
// When the primitive's package and an owner share their last element
// (google's uuid and agentinput.dev/kinds/uuid both export Parse), the
// short names would say "uuid.Parse parses a uuid; call uuid.Parse": the
// message then spells both with their package paths.
//
//	github.com/google/uuid.Parse parses a uuid: only agentinput.dev/kinds/uuid may; call agentinput.dev/kinds/uuid.Read or agentinput.dev/kinds/uuid.Parse
func (p *primitive) compose() string {
	name, qualify := p.short, func(pkg string) string { return path.Base(pkg) }
	for _, k := range p.kinds {
		if slices.ContainsFunc(k.Owners, func(o string) bool { return path.Base(o) == path.Base(p.pkg) }) {
			name, qualify = p.long, func(pkg string) string { return pkg }
		}
	}
	var kinds, owners, uses []string
	for _, k := range p.kinds {
		kinds = append(kinds, article(k.Name))
		for _, o := range k.Owners {
			if !slices.Contains(owners, o) {
				owners = append(owners, o)
			}
		}
		var fns []string
		for _, u := range k.Use {
			fns = append(fns, qualify(k.Owners[0])+"."+u)
		}
		uses = append(uses, strings.Join(fns, " or "))
	}
	return fmt.Sprintf("%s parses %s: only %s may; call %s",
		name, strings.Join(kinds, " or "), strings.Join(owners, " or "), strings.Join(uses, ", or "))
}

func article(name string) string {
	if strings.ContainsRune("aeiou", rune(name[0])) && name != "uuid" {
		return "an " + name
	}
	return "a " + name
}

// A funcKey identifies a function or method without allocating: its
// package path, its receiver's type name ("" for a function) and its name.
type funcKey struct{ pkg, recv, name string }

// keyOfName is the key of a full name that ShortName accepted.
func keyOfName(full string) funcKey {
	if rest, ok := strings.CutPrefix(full, "("); ok {
		recv, name, _ := strings.Cut(strings.TrimPrefix(rest, "*"), ").")
		dot := strings.LastIndex(recv, ".")
		return funcKey{pkg: recv[:dot], recv: recv[dot+1:], name: name}
	}
	dot := strings.LastIndex(full, ".")
	return funcKey{pkg: full[:dot], name: full[dot+1:]}
}

// keyOf is the key of a function or of a method of a named type; ok is
// false for anything else (an interface's method, a closure).
func keyOf(fn *types.Func) (k funcKey, ok bool) {
	if fn.Pkg() == nil {
		return k, false
	}
	k = funcKey{pkg: fn.Pkg().Path(), name: fn.Name()}
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, isPtr := t.(*types.Pointer); isPtr {
			t = p.Elem()
		}
		named, isNamed := t.(*types.Named)
		if !isNamed {
			return k, false
		}
		k.recv = named.Obj().Name()
	}
	return k, true
}

type checker struct {
	guarded map[funcKey]*primitive
	kinds   map[string]*Kind
	names   []string // kind names in table order
}

// An allow is one //agentinput:allow comment.
type allow struct {
	pos    token.Pos
	kind   string
	reason string
	used   bool
}

func (c *checker) run(pass *analysis.Pass) (any, error) {
	// An external test package belongs to the package it tests.
	self := strings.TrimSuffix(pass.Pkg.Path(), "_test")
	for _, f := range pass.Files {
		allows := c.allows(pass, f)
		// check reports id, the name of a reference at, when it is a
		// guarded primitive used outside its owners and not allowed.
		check := func(id *ast.Ident, at ast.Node) {
			p := c.primitiveOf(pass.TypesInfo.Uses[id])
			if p == nil || p.ownedBy(self) {
				return
			}
			line := pass.Fset.Position(at.Pos()).Line
			for _, l := range []int{line, line - 1} {
				for _, a := range allows[l] {
					if a.reason != "" && slices.ContainsFunc(p.kinds, func(k *Kind) bool { return k.Name == a.kind }) {
						a.used = true
						return
					}
				}
			}
			pass.Report(analysis.Diagnostic{Pos: at.Pos(), End: at.End(), Category: CategoryUse, Message: p.message})
		}
		var visit func(ast.Node) bool
		visit = func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr: // strconv.ParseFloat, n.Float64, json.Number.Int64
				check(n.Sel, n)
				ast.Inspect(n.X, visit)
				return false
			case *ast.Ident: // a dot-imported ParseFloat
				check(n, n)
			}
			return true
		}
		ast.Inspect(f, visit)
		for _, as := range allows {
			for _, a := range as {
				if a.reason != "" && !a.used {
					pass.Report(analysis.Diagnostic{Pos: a.pos, Category: CategoryAllow, Message: fmt.Sprintf(
						"%s %s exempts nothing: no primitive of the %s kind is used on this line or the next; delete the comment",
						AllowDirective, a.kind, a.kind)})
				}
			}
		}
	}
	return nil, nil
}

// primitiveOf returns the guarded primitive obj is, or nil.
func (c *checker) primitiveOf(obj types.Object) *primitive {
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	k, ok := keyOf(fn.Origin())
	if !ok {
		return nil
	}
	return c.guarded[k]
}

// allows collects the well-formed allow comments of f by line, and reports
// the malformed ones.
func (c *checker) allows(pass *analysis.Pass, f *ast.File) map[int][]*allow {
	out := map[int][]*allow{}
	for _, g := range f.Comments {
		for _, cm := range g.List {
			rest, ok := strings.CutPrefix(cm.Text, AllowDirective)
			if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
				continue
			}
			kind, reason := strings.TrimSpace(rest), ""
			if i := strings.IndexFunc(kind, unicode.IsSpace); i >= 0 {
				kind, reason = kind[:i], strings.TrimSpace(kind[i:])
			}
			switch {
			case kind == "":
				pass.Report(analysis.Diagnostic{Pos: cm.Pos(), Category: CategoryAllow, Message: fmt.Sprintf(
					"%s names no kind: write %s <kind> <reason>", AllowDirective, AllowDirective)})
				continue
			case c.kinds[kind] == nil:
				pass.Report(analysis.Diagnostic{Pos: cm.Pos(), Category: CategoryAllow, Message: fmt.Sprintf(
					"%s %s: there is no kind %q; the kinds are %s", AllowDirective, kind, kind, strings.Join(c.names, ", "))})
				continue
			case reason == "":
				pass.Report(analysis.Diagnostic{Pos: cm.Pos(), Category: CategoryAllow, Message: fmt.Sprintf(
					"%s %s needs a reason: say why this code parses %s itself instead of calling %s",
					AllowDirective, kind, article(kind), path.Base(c.kinds[kind].Owners[0]))})
				continue
			}
			line := pass.Fset.Position(cm.Pos()).Line
			out[line] = append(out[line], &allow{pos: cm.Pos(), kind: kind, reason: reason})
		}
	}
	return out
}
