package factory

import (
	"reflect"

	"agentinput.dev/internal/binding"
)

// Union declares a discriminated union: a property of the interface type
// I holds one of several variant structs, and the discriminator property
// says which. Declare it once and list it in Spec.Unions:
//
//	type Source interface{ source() }
//	type URLSource struct{ URL string `json:"url" agentinput:"required" desc:"…"` }
//	type FileSource struct{ Path string `json:"path" agentinput:"required" desc:"…"` }
//	func (URLSource) source()  {}
//	func (FileSource) source() {}
//
//	var sources = factory.NewUnion[Source]("kind",
//		factory.Case[URLSource]("url", "A web page, by its address."),
//		factory.Case[FileSource]("file", "A file on the server, by its path."))
//
// The schema advertises the property as oneOf one object schema a
// variant, each with its discriminator as a const and its required
// properties. A call's discriminator is read by the enum owner (letter
// case, separators, a near miss asks naming the variants); a call without
// one is read as the one variant whose required properties are all sent
// and that alone could hold what was sent (note variant_inferred), and is
// otherwise asked about, naming the variants.
type Union struct{ u binding.Union }

// Variant is one variant of a Union: its struct type, its discriminator
// value and a description for the model.
type Variant struct{ v binding.Variant }

// NewUnion declares the union of the interface type I over variants, told
// apart by the property discriminator. Its mistakes (I no interface, a
// variant that does not implement it, two values that fold alike) are
// declaration errors of the tools that use it.
func NewUnion[I any](discriminator string, variants ...Variant) Union {
	vs := make([]binding.Variant, len(variants))
	for i, v := range variants {
		vs[i] = v.v
	}
	return Union{binding.NewUnion(reflect.TypeFor[I](), discriminator, vs...)}
}

// Case declares a variant: the struct type V (or a pointer to one, when
// the methods of the interface are on the pointer), the discriminator
// value that names it, and what it is, for the model (the description of
// its branch of the schema).
func Case[V any](value, description string) Variant {
	return Variant{binding.Case(reflect.TypeFor[V](), value, description)}
}

// Reference marks the variant as the union's reference form: a value
// stored elsewhere, named by an id or a reference the tool resolves
// ({"kind": "stored", "ref": "…"}). Inline bytes in the union's other
// variants that are over their budget are then answered with a hint that
// offers this form, never with one to shorten the content.
func (v Variant) Reference() Variant { return Variant{v.v.Reference()} }
