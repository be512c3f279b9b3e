package catalog

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"

	"agentinput.dev/internal/binding"
	"agentinput.dev/kinds/vocabulary"
)

// Evidence is what a resource's content is evidence of: the evidence_class
// of its contents' _meta.
type Evidence string

// The evidence classes.
const (
	// EvidenceRecord is the server's own record, which it is the
	// authority for (a court's decision in the court's register).
	EvidenceRecord Evidence = "record"
	// EvidenceDerived is content the server computed from its records (a
	// summary, a count, an index).
	EvidenceDerived Evidence = "derived"
	// EvidenceProxied is content the server relays from another system.
	// Its URI is in the server's own scheme, never http or https: the
	// client reads it from this server, sealed with this server's
	// sha256, not from the web.
	EvidenceProxied Evidence = "proxied"
)

// Audience roles (MCP's Role).
const (
	AudienceUser      = "user"
	AudienceAssistant = "assistant"
)

// Annotations say whom a resource is for and how much it matters (MCP's
// annotations): set on the listing and on every embedded copy.
type Annotations struct {
	// Audience is who the content is for: AudienceUser, AudienceAssistant
	// or both. Required.
	Audience []string
	// Priority is how much the content matters, in (0, 1]: 1 is as
	// good as required, values near 0 barely. Required: zero is refused,
	// because it cannot be told from a priority left unset.
	Priority float64
	// LastModified is when the content last changed: required on a
	// resource, refused on a template (its instances have no one time).
	LastModified time.Time
}

// Provenance is the declared part of a contents object's _meta (Shape A):
// what the content is evidence of, who vouches for it, and the version of
// the contract it is served under. The catalog adds sha256 and seal_id
// to each read.
type Provenance struct {
	Evidence        Evidence
	Authority       string
	ContractVersion string
}

// The Shape A keys of a contents object's _meta.
const (
	MetaSealID          = "seal_id"
	MetaEvidenceClass   = "evidence_class"
	MetaAuthority       = "authority"
	MetaSHA256          = "sha256"
	MetaContractVersion = "contract_version"
)

// Body is what a resource handler returns: the content of one read, text
// or binary, and its MIME type when it is not the declared one.
type Body struct {
	Text     string
	Blob     []byte
	MIMEType string
}

// Contents is one contents object of a read: the URI it is served under,
// its MIME type, its text or bytes, and its _meta (Shape A).
type Contents struct {
	URI      string
	MIMEType string
	Text     string
	Blob     []byte
	Meta     map[string]any
}

// Describe is what a listing says of a resource or template.
type Describe struct {
	// URI is a resource's URI, or a template's URI template.
	URI         string
	Name        string
	Title       string
	Description string
	MIMEType    string
	Annotations Annotations
}

// ResourceSpec declares a static resource.
type ResourceSpec struct {
	URI         string
	Name        string
	Title       string
	Description string
	MIMEType    string
	Annotations Annotations
	Provenance  Provenance
}

// Resource is a declared static resource.
type Resource struct {
	spec ResourceSpec
	read func(ctx context.Context) (Body, error)
}

// NewResource declares a static resource. Every declaration mistake is an
// error here, all of them at once (errors.Join).
func NewResource(spec ResourceSpec, h func(ctx context.Context) (Body, error)) (*Resource, error) {
	problems := checkFace("resource "+spec.URI, spec.Name, spec.Title, spec.Description, spec.MIMEType, spec.Annotations, spec.Provenance)
	if !hasScheme(spec.URI) {
		problems = append(problems, fmt.Errorf("catalog: resource %q: the URI has no scheme", spec.URI))
	} else if web(spec.URI) {
		problems = append(problems, fmt.Errorf("catalog: resource %q: a resource is named in the server's own scheme, not http or https: the client reads it from this server, sealed with its sha256", spec.URI))
	}
	if strings.ContainsAny(spec.URI, "{}") {
		problems = append(problems, fmt.Errorf("catalog: resource %q: a URI with {variables} is a template (NewTemplate)", spec.URI))
	}
	if spec.Annotations.LastModified.IsZero() {
		problems = append(problems, fmt.Errorf("catalog: resource %q: Annotations.LastModified is required", spec.URI))
	}
	if h == nil {
		problems = append(problems, fmt.Errorf("catalog: resource %q has no handler", spec.URI))
	}
	if len(problems) > 0 {
		return nil, errors.Join(problems...)
	}
	return &Resource{spec: spec, read: h}, nil
}

// Describe is the resource as resources/list shows it.
func (r *Resource) Describe() Describe {
	s := r.spec
	return Describe{URI: s.URI, Name: s.Name, Title: s.Title, Description: s.Description, MIMEType: s.MIMEType, Annotations: s.Annotations}
}

// TemplateSpec declares a resource template.
type TemplateSpec struct {
	// URITemplate is an RFC 6570 template of the subset the catalog
	// serves: {name}, {+name} (may hold a slash) and a trailing {?a,b}.
	// Its variables are exactly the parameter struct's properties.
	URITemplate string
	Name        string
	Title       string
	Description string
	MIMEType    string
	Annotations Annotations
	Provenance  Provenance
	// Vocabularies are the vocabularies the parameters' tags name (of=).
	Vocabularies map[string]*vocabulary.Reader
}

// Template is a declared resource template.
type Template struct {
	spec   TemplateSpec
	uri    *uriTemplate
	params *params
	read   func(ctx context.Context, in reflect.Value) (Body, error)
}

// NewTemplate declares a resource template whose parameters are the
// fields of P, bound to kinds exactly as a tool's properties are (tags,
// name rules, the kind table). Every declaration mistake is an error
// here, all of them at once.
func NewTemplate[P any](spec TemplateSpec, h func(ctx context.Context, p P) (Body, error)) (*Template, error) {
	what := "template " + spec.URITemplate
	problems := checkFace(what, spec.Name, spec.Title, spec.Description, spec.MIMEType, spec.Annotations, spec.Provenance)
	if !spec.Annotations.LastModified.IsZero() {
		problems = append(problems, fmt.Errorf("catalog: %s: Annotations.LastModified is for a resource; a template's instances have no one time", what))
	}
	if web(spec.URITemplate) {
		problems = append(problems, fmt.Errorf("catalog: %s: a template is in the server's own scheme, not http or https", what))
	}
	ut, err := parseTemplate(spec.URITemplate)
	if err != nil {
		problems = append(problems, fmt.Errorf("catalog: %w", err))
	}
	ps, perr := bindParams(reflect.TypeFor[P](), spec.Vocabularies)
	if perr != nil {
		problems = append(problems, binding.Prefixed("catalog: "+what+": ", perr)...)
	}
	if err == nil && perr == nil {
		vars := map[string]bool{}
		for _, n := range ut.names() {
			vars[n] = true
			if ps.byName[n] == nil {
				problems = append(problems, fmt.Errorf("catalog: %s: the variable %s is no field of the parameters", what, n))
			}
		}
		for _, n := range ps.names {
			if !vars[n] {
				problems = append(problems, fmt.Errorf("catalog: %s: the parameter %s is no variable of the template", what, n))
			}
		}
	}
	if h == nil {
		problems = append(problems, fmt.Errorf("catalog: %s has no handler", what))
	}
	if len(problems) > 0 {
		return nil, errors.Join(problems...)
	}
	return &Template{spec: spec, uri: ut, params: ps, read: func(ctx context.Context, in reflect.Value) (Body, error) {
		return h(ctx, *in.Addr().Interface().(*P))
	}}, nil
}

// Describe is the template as resources/templates/list shows it.
func (t *Template) Describe() Describe {
	s := t.spec
	return Describe{URI: s.URITemplate, Name: s.Name, Title: s.Title, Description: s.Description, MIMEType: s.MIMEType, Annotations: s.Annotations}
}

// checkFace checks what a listing shows of a resource or template.
func checkFace(what, name, title, description, mime string, a Annotations, p Provenance) []error {
	var problems []error
	add := func(format string, args ...any) {
		problems = append(problems, fmt.Errorf("catalog: "+what+": "+format, args...))
	}
	if strings.TrimSpace(name) == "" {
		add("a name is required")
	}
	if strings.TrimSpace(title) == "" || title == name {
		add("a title for people, distinct from the name, is required")
	}
	if n := utf8.RuneCountInString(description); n < 20 || n > 300 {
		add("the description has %d characters; it needs 20–300", n)
	}
	if mime == "" {
		add("a MIME type is required")
	}
	if len(a.Audience) == 0 {
		add("Annotations.Audience is required (user, assistant or both)")
	}
	for _, r := range a.Audience {
		if r != AudienceUser && r != AudienceAssistant {
			add("the audience %q is not user or assistant", r)
		}
	}
	if !(a.Priority > 0 && a.Priority <= 1) {
		add("Annotations.Priority %v is not in (0, 1]", a.Priority)
	}
	switch p.Evidence {
	case EvidenceRecord, EvidenceDerived, EvidenceProxied:
	default:
		add("Provenance.Evidence %q is not record, derived or proxied", p.Evidence)
	}
	if strings.TrimSpace(p.Authority) == "" {
		add("Provenance.Authority is required: who vouches for the content")
	}
	if strings.TrimSpace(p.ContractVersion) == "" {
		add("Provenance.ContractVersion is required")
	}
	return problems
}

// web reports whether a URI or template is in the http or https scheme.
func web(uri string) bool {
	s := schemeOf(uri)
	return s == "http" || s == "https"
}

// contents is the contents object of a body read at uri, with its Shape A
// _meta: the declared provenance, the sha256 of the bytes served (a text
// as UTF-8), and seal_id, which seals that digest to the URI and the
// contract version (sha256 of "contract_version\nuri\nsha256", 32 hex
// digits): a citation that carries it can be checked by reading again.
func contents(uri, declaredMIME string, p Provenance, b Body) Contents {
	c := Contents{URI: uri, MIMEType: b.MIMEType, Text: b.Text, Blob: b.Blob}
	if c.MIMEType == "" {
		c.MIMEType = declaredMIME
	}
	var sum [32]byte
	if b.Blob != nil {
		sum = sha256.Sum256(b.Blob)
	} else {
		sum = sha256.Sum256([]byte(b.Text))
	}
	digest := hex.EncodeToString(sum[:])
	seal := sha256.Sum256([]byte(p.ContractVersion + "\n" + uri + "\n" + digest))
	c.Meta = map[string]any{
		MetaSealID:          "seal-" + hex.EncodeToString(seal[:16]),
		MetaEvidenceClass:   string(p.Evidence),
		MetaAuthority:       p.Authority,
		MetaSHA256:          digest,
		MetaContractVersion: p.ContractVersion,
	}
	return c
}
