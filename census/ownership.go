package census

import "agentinput.dev/census/ownership"

// Ownership is the ownership table: each kind, its owner packages, the
// owner functions other code calls instead, and the parsing primitives only
// the owners may use. It is the one table of the census: the analyzer is
// built from it, and docs/census.md shows it (TestOwnershipDocumented keeps
// the two in step). A new kind adds its row here.
//
// A primitive is spelled as types.Func.FullName spells it. Primitives that
// are deliberately not guarded, and why, are listed in docs/census.md.
var Ownership = []ownership.Kind{
	{
		Name:   "number",
		Owners: []string{"agentinput.dev/kinds/number"},
		Use:    []string{"Read", "Parse"},
		Primitives: []string{
			"strconv.ParseFloat",
			"strconv.ParseInt",
			"strconv.ParseUint",
			"strconv.Atoi",
			"strconv.ParseComplex",
			"(encoding/json.Number).Float64",
			"(encoding/json.Number).Int64",
		},
	},
	{
		Name:       "boolean",
		Owners:     []string{"agentinput.dev/kinds/boolean"},
		Use:        []string{"Read", "Parse"},
		Primitives: []string{"strconv.ParseBool"},
	},
	{
		Name:   "date",
		Owners: []string{"agentinput.dev/kinds/date"},
		Use:    []string{"Read", "Parse"},
		Primitives: []string{
			"time.Parse",
			"time.ParseInLocation",
			"(*time.Time).UnmarshalText",
			"(*time.Time).UnmarshalJSON",
		},
	},
	{
		Name:   "uuid",
		Owners: []string{"agentinput.dev/kinds/uuid"},
		Use:    []string{"Read", "Parse"},
		Primitives: []string{
			"github.com/google/uuid.Parse",
			"github.com/google/uuid.ParseBytes",
			"github.com/google/uuid.MustParse",
			"github.com/google/uuid.Validate",
			"(*github.com/google/uuid.UUID).UnmarshalText",
			"(*github.com/google/uuid.NullUUID).UnmarshalText",
			"(*github.com/google/uuid.NullUUID).UnmarshalJSON",
		},
	},
	{
		Name:   "locale",
		Owners: []string{"agentinput.dev/kinds/locale"},
		Use:    []string{"Read", "Parse"},
		Primitives: []string{
			"golang.org/x/text/language.Parse",
			"golang.org/x/text/language.MustParse",
			"golang.org/x/text/language.Make",
			"(golang.org/x/text/language.CanonType).Parse",
			"(golang.org/x/text/language.CanonType).MustParse",
			"(golang.org/x/text/language.CanonType).Make",
			"golang.org/x/text/language.ParseAcceptLanguage",
			"golang.org/x/text/language.MatchStrings",
			"golang.org/x/text/language.ParseBase",
			"golang.org/x/text/language.MustParseBase",
			"golang.org/x/text/language.ParseScript",
			"golang.org/x/text/language.MustParseScript",
			"golang.org/x/text/language.ParseRegion",
			"golang.org/x/text/language.MustParseRegion",
			"golang.org/x/text/language.EncodeM49",
			"golang.org/x/text/language.ParseVariant",
			"golang.org/x/text/language.ParseExtension",
			"(*golang.org/x/text/language.Tag).UnmarshalText",
		},
	},
	{
		Name:   "country",
		Owners: []string{"agentinput.dev/kinds/country"},
		Use:    []string{"Read", "Parse"},
		Primitives: []string{
			"golang.org/x/text/language.ParseRegion",
			"golang.org/x/text/language.MustParseRegion",
			"golang.org/x/text/language.EncodeM49",
		},
	},
	{
		// The cursor decodes its own tokens and keys, a format of its
		// own in base64; every base64 an agent sends is the bytes kind's.
		Name:   "bytes",
		Owners: []string{"agentinput.dev/kinds/bytes", "agentinput.dev/kinds/cursor"},
		Use:    []string{"New", "Parse"},
		Primitives: []string{
			"(*encoding/base64.Encoding).DecodeString",
			"(*encoding/base64.Encoding).Decode",
			"(*encoding/base64.Encoding).AppendDecode",
			"encoding/base64.NewDecoder",
		},
	},
	{
		// A zone an agent names is the timestamp kind's to look up.
		// time.Parse reads instants as well as the dates inside them, so
		// both kinds own it; the timestamp kind reads its dates through
		// the date kind and calls time.Parse only in its tests, as the
		// reference and the baseline.
		Name:   "timestamp",
		Owners: []string{"agentinput.dev/kinds/timestamp"},
		Use:    []string{"New", "Parse"},
		Primitives: []string{
			"time.LoadLocation",
			"time.LoadLocationFromTZData",
			"time.Parse",
			"time.ParseInLocation",
			"(*time.Time).UnmarshalText",
			"(*time.Time).UnmarshalJSON",
		},
	},
	// The kinds below have no third-party parsing primitive: their
	// spellings are their own (a declared value set, a token the server
	// issues, a citation). Their rows name the owner, so that an allow
	// comment can name the kind and a new primitive has a row to join.
	{Name: "enum", Owners: []string{"agentinput.dev/kinds/enum"}, Use: []string{"New"}},
	{Name: "stringlist", Owners: []string{"agentinput.dev/kinds/stringlist"}, Use: []string{"New"}},
	{Name: "vocabulary", Owners: []string{"agentinput.dev/kinds/vocabulary"}, Use: []string{"New"}},
	{Name: "filter", Owners: []string{"agentinput.dev/kinds/filter"}, Use: []string{"New"}},
	{Name: "cursor", Owners: []string{"agentinput.dev/kinds/cursor"}, Use: []string{"New"}},
	{Name: "eli", Owners: []string{"agentinput.dev/kinds/eli"}, Use: []string{"Read", "Parse"}},
}
