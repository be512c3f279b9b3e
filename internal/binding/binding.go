package binding

import (
	"context"
	"fmt"
	"reflect"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory/protocol"
)

// Binding is one property bound outside a tool: the same binder, the same
// absence rule and the same kind a tool's call reads the property with.
// The command line's `agentinput read KIND [flags]` is a Binding: it turns
// its flags into a tag and reads each value with it.
type Binding struct {
	p      *Property
	mode   Mode
	goType reflect.Type
	// absence is p.absence(mode), made once: the property is not
	// changed once bound, and Read is called once a value.
	absence Absence
}

// BindProperty binds one property as a tool declares it: name (its name
// rules apply, as to a field named so; "" has none, and asks then say
// "the property"), goType (the field's Go type), and tag (the agentinput
// struct tag). spec supplies what a tag names but cannot carry — its
// Intent (the absence rule's mode: a do tool asks about a placeholder),
// Vocabularies and Cursors; nil is a read tool's. A declaration mistake is
// an error, as from New.
func BindProperty(name string, goType reflect.Type, tag string, spec *Env) (*Binding, error) {
	if spec == nil {
		spec = &Env{}
	}
	if goType == nil {
		return nil, fmt.Errorf("factory: property %s: no Go type", name)
	}
	p, err := bindField(name, goType, tag, spec)
	if err == nil {
		err = checkDepth(p, 0)
	}
	if err != nil {
		return nil, fmt.Errorf("factory: property %s: %w", name, err)
	}
	if goType.Kind() == reflect.Pointer {
		goType = goType.Elem()
	}
	mode := spec.Mode
	return &Binding{p: p, mode: mode, goType: goType, absence: p.absence(mode)}, nil
}

// Read reads one value of the property as a tool's call reads it: present
// is false when the property is missing from the arguments. The value is
// what the handler's field gets (of the bound Go type, a pointer's element
// for a pointer). A list that asks is one ask naming its first bad item
// (a tool reports each item at its own path). A cursor is read against the
// principal of ctx (protocol.WithPrincipal) and the filters of ctx (WithFilters), which
// stand in for the other arguments a tool binds its tokens to.
func (b *Binding) Read(ctx context.Context, raw any, present bool) agentinput.Outcome[any] {
	if bd := &b.p.binding; bd.value != nil && bd.perCall == nil && bd.tree == nil {
		// The kind's own Go type: its value as the kind read it, by the
		// same absence and exact rules (propertyOutcome).
		return readProperty(b.p, &b.absence, raw, present, bd.value.read)
	}
	o := b.p.outcome(raw, present, b.mode, protocol.PrincipalOf(ctx), filtersOf(ctx))
	return agentinput.Map(o, func(s Slot) any {
		if s.assign == nil && s.set != nil && reflect.TypeOf(s.JSON) == b.goType {
			// set puts the canonical JSON value (a string, a bool) in
			// the field as it is: the value is that, with no reflection.
			return s.JSON
		}
		v := reflect.New(b.goType).Elem()
		s.put(v)
		return v.Interface()
	})
}

// AppendRead appends the JSON of Read(ctx, raw, present) to dst, the bytes
// its Outcome's AppendJSON writes. Where the kind appends its own value (a
// number.Decimal field), the value is not boxed on the way: a stream of
// values (`agentinput read`) saves an allocation a value.
func (b *Binding) AppendRead(ctx context.Context, dst []byte, raw any, present bool) ([]byte, error) {
	if bd := &b.p.binding; bd.value != nil && bd.value.appendRead != nil && bd.perCall == nil && bd.tree == nil {
		return bd.value.appendRead(b.p, &b.absence, dst, raw, present)
	}
	return b.Read(ctx, raw, present).AppendJSON(dst)
}

// Expected says what the property accepts, as its asks say it.
func (b *Binding) Expected() string { return b.p.binding.expected }

type filtersKey struct{}

// WithFilters returns a context whose cursor reads (Binding.Read) are
// bound to filters, the text a cursor's issuer bound its token to. A
// tool's call needs none: it binds its cursor to its other arguments.
func WithFilters(ctx context.Context, filters string) context.Context {
	return context.WithValue(ctx, filtersKey{}, filters)
}

func filtersOf(ctx context.Context) string {
	s, _ := ctx.Value(filtersKey{}).(string)
	return s
}

// Spell writes a value of the property in a spelling its kind reads back
// as that value, or, with ambiguous, one it must ask about (Property.Spell).
// value is the property's value in any spelling its kind reads: the kind
// spells what it reads. The CLI's `agentinput spell` is a Binding's Spell.
func (b *Binding) Spell(c agentinput.Chooser, value any, ambiguous bool) (agentinput.Spelled, bool) {
	return b.p.Spell(c, value, ambiguous)
}
