package census_test

import (
	"fmt"
	"os"
	"path/filepath"

	"agentinput.dev/census"
)

// The census over a module: a handler that parses a number itself is
// told which owner to call instead.
func ExampleCheckAll() {
	dir, err := os.MkdirTemp("", "census-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	files := map[string]string{
		"go.mod": "module example.com/shop\n\ngo 1.26\n",
		"orders/orders.go": `package orders

import "strconv"

// PageSize reads the page size an agent sent.
func PageSize(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
`,
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			fmt.Println(err)
			return
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			fmt.Println(err)
			return
		}
	}
	findings, err := census.CheckAll(dir, "./...")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range findings {
		rel, _ := filepath.Rel(dir, f.Pos.Filename)
		fmt.Printf("%s:%d: %s\n", filepath.ToSlash(rel), f.Pos.Line, f.Message)
	}
	// Output:
	// orders/orders.go:7: strconv.Atoi parses a number: only agentinput.dev/kinds/number may; call number.Read or number.Parse
}
