package mcp

import (
	"context"
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
)

// MaxErrorChars bounds the message of a JSON-RPC error a server answers
// through factory/mcp: past it the message is cut and ends in "…". Each
// quoted echo of the caller's text in it (go-sdk's `unknown tool "…"`) is
// cut first, like any received value (agentinput.MaxReceivedChars).
const MaxErrorChars = 1024

// cutErrors is the receiving middleware that keeps every protocol error
// within its bound: go-sdk echoes an unknown tool's or prompt's name, a
// method name or a URI whole, so that a 1 MB name would get a 1 MB reply.
func cutErrors(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		res, err := next(ctx, method, req)
		var rpc *jsonrpc.Error
		if err != nil && errors.As(err, &rpc) {
			if cut := cutMessage(rpc.Message); cut != rpc.Message {
				copied := *rpc
				copied.Message = cut
				return res, &copied
			}
		}
		return res, err
	}
}

// cutMessage cuts each Go-quoted string in msg that is longer than
// MaxReceivedChars characters to its first ones and "…", then the whole
// message to MaxErrorChars characters.
func cutMessage(msg string) string {
	if len(msg) <= agentinput.MaxReceivedChars+2 {
		return msg
	}
	out := make([]byte, 0, min(len(msg), 4*MaxErrorChars))
	for i := 0; i < len(msg); {
		if msg[i] != '"' {
			out = append(out, msg[i])
			i++
			continue
		}
		end := quotedEnd(msg, i)
		if end < 0 {
			out = append(out, msg[i:]...)
			break
		}
		if s, err := strconv.Unquote(msg[i:end]); err == nil && utf8.RuneCountInString(s) > agentinput.MaxReceivedChars {
			out = strconv.AppendQuote(out, agentinput.Cut(s))
		} else {
			out = append(out, msg[i:end]...)
		}
		i = end
	}
	if utf8.RuneCount(out) <= MaxErrorChars {
		return string(out)
	}
	n, k := 0, 0
	for k < len(out) && n < MaxErrorChars {
		_, size := utf8.DecodeRune(out[k:])
		k += size
		n++
	}
	return string(out[:k]) + "…"
}

// quotedEnd returns the index after the Go-quoted string that starts at
// s[i], or -1 when it does not close.
func quotedEnd(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}
