module agentinput.dev/bench

go 1.26.0

require (
	agentinput.dev v0.0.0
	github.com/araddon/dateparse v0.0.0-20210429162001-6b43995a97de
	github.com/markusmobius/go-dateparser v1.4.7
)

require (
	github.com/markusmobius/go-dateutil/v2 v2.9.1 // indirect
	github.com/tetratelabs/wazero v1.12.0 // indirect
	github.com/wasilibs/go-re2 v1.12.0 // indirect
	github.com/wasilibs/wazero-helpers v0.0.0-20250123031827-cd30c44769bb // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.44.0 // indirect
)

replace agentinput.dev => ../
