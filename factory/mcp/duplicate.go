package mcp

import (
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/jsonscan"
)

// duplicateName finds the first member name written twice anywhere in
// msg, one JSON object (checked already). go-sdk, as encoding/json, keeps
// the last of two, so that a proxy or a log reading the first would see
// another call than the one that runs: both transports refuse such a
// message before dispatch. It returns the JSON-RPC code (invalid params
// for a name inside params, invalid request for one of the message
// itself) and the message's words, the name and its path cut as every
// echo of a caller's text is; 0 when no name repeats.
func duplicateName(msg []byte) (int, string) {
	var found *jsonscan.Dup
	jsonscan.Duplicates(msg, func(d jsonscan.Dup) bool {
		found = &d
		return false
	})
	if found == nil {
		return 0, ""
	}
	where := "the message"
	code := int(jsonrpc.CodeInvalidRequest)
	if len(found.Path) > 0 {
		where = strings.Join(found.Path, "/")
		if found.Path[0] == "params" {
			code = int(jsonrpc.CodeInvalidParams)
		}
	}
	return code, "the name " + strconv.Quote(agentinput.Cut(found.Name)) + " is written twice in " +
		agentinput.Cut(where) + "; a message names each member once: send the one you mean"
}
