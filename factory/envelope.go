package factory

import (
	"encoding/json"
	"strconv"
	"strings"

	"agentinput.dev/agentinput"
)

// Remark is a note or a warning with the path of the value it is about:
// {code, path, message}.
type Remark struct {
	Code    string `json:"code"`
	Path    string `json:"path"`
	Message string `json:"message"`
}

// Issue is one reason a call was not made: an ask at a path into the
// arguments (a JSON Pointer; "" is the arguments as a whole).
type Issue struct {
	Path string
	agentinput.Ask
}

// MarshalJSON encodes the issue as {path, code, message, received,
// expected, hint, readings}.
func (i Issue) MarshalJSON() ([]byte, error) {
	ask, err := i.Ask.MarshalJSON()
	if err != nil {
		return nil, err
	}
	path, err := json.Marshal(i.Path)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(ask)+len(path)+10)
	out = append(out, `{"path":`...)
	out = append(out, path...)
	out = append(out, ',')
	return append(out, ask[1:]...), nil
}

// Envelope is the answer to a call that did not reach a result:
// {code, message, hint, issues[]}. Every hint names the next call.
type Envelope struct {
	Code    agentinput.EnvelopeCode `json:"code"`
	Message string                  `json:"message"`
	Hint    string                  `json:"hint"`
	Issues  []Issue                 `json:"issues"`
}

// invalidArguments builds the envelope of a call whose arguments could not
// all be read.
func invalidArguments(tool string, issues []Issue) *Envelope {
	paths := make([]string, len(issues))
	for i, is := range issues {
		paths[i] = is.Path
		if paths[i] == "" {
			paths[i] = "(the arguments)"
		}
	}
	what := "1 argument needs"
	if len(issues) != 1 {
		what = strconv.Itoa(len(issues)) + " arguments need"
	}
	hint := "Call " + tool + " again with every issue fixed"
	if h := issues[0].Hint; h != "" {
		hint += "; " + lowerFirst(strings.TrimSuffix(h, "."))
		if issues[0].Path != "" {
			hint += " (" + issues[0].Path + ")"
		}
	}
	return &Envelope{
		Code:    agentinput.EnvelopeInvalidArguments,
		Message: tool + " was not called: " + what + " attention: " + strings.Join(paths, ", ") + ".",
		Hint:    hint + ".",
		Issues:  issues,
	}
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// Failure is an error a handler returns to say what went wrong in words for
// the caller. Any other error becomes a tool_failed envelope that says only
// that the tool failed: a Go error string never reaches the model.
type Failure struct {
	Message string
	Hint    string
}

func (f *Failure) Error() string { return f.Message }

func toolFailed(tool string, err error) *Envelope {
	e := &Envelope{
		Code:    agentinput.EnvelopeToolFailed,
		Message: tool + " failed.",
		Hint:    "Call " + tool + " again later, or with other arguments",
		Issues:  []Issue{},
	}
	if f, ok := err.(*Failure); ok {
		e.Message = tool + " failed: " + f.Message
		if f.Hint != "" {
			e.Hint = f.Hint
		}
	}
	return e
}
