package agentinput

import "encoding/json"

// Remark is a note or a warning with the path of the value it is about
// (a JSON Pointer into a call's arguments): {code, path, message}.
type Remark struct {
	Code    string `json:"code"`
	Path    string `json:"path"`
	Message string `json:"message"`
	// Ask, on a warning that a value was dropped (filter_dropped), is
	// what the value would have been asked as: its readings. It is the
	// Warning's Ask, and no part of the remark's JSON.
	Ask *Ask `json:"-"`
}

// Issue is one reason a call was not made: an ask at a path into the
// arguments (a JSON Pointer; "" is the arguments as a whole).
type Issue struct {
	Path string
	Ask
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
