module agentinput.dev/bench

go 1.26.0

require (
	agentinput.dev v0.0.0
	github.com/araddon/dateparse v0.0.0-20210429162001-6b43995a97de
	github.com/google/uuid v1.6.0
	github.com/markusmobius/go-dateparser v1.4.7
	github.com/modelcontextprotocol/go-sdk v1.8.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/spf13/cast v1.10.0
	golang.org/x/text v0.44.0
)

require (
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/markusmobius/go-dateutil/v2 v2.9.1 // indirect
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/segmentio/encoding v0.5.4 // indirect
	github.com/tetratelabs/wazero v1.12.0 // indirect
	github.com/wasilibs/go-re2 v1.12.0 // indirect
	github.com/wasilibs/wazero-helpers v0.0.0-20250123031827-cd30c44769bb // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/sync v0.25.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/time v0.15.0 // indirect
)

replace agentinput.dev => ../
