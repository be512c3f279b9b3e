package eli_test

import (
	"fmt"

	"agentinput.dev/kinds/eli"
)

// A spelling with one meaning is read as the canonical value, with a note
// saying how it was read.
func ExampleRead() {
	out := eli.Read("https://data.europa.eu/eli/reg/2016/679/oj", eli.Options{})
	v, _ := out.Value()
	fmt.Println(v)
	for _, n := range out.Notes() {
		fmt.Println(n.Code, n.Message)
	}
	// Output:
	// http://data.europa.eu/eli/reg/2016/679/oj
	// uri_form Read "https://data.europa.eu/eli/reg/2016/679/oj" as "http://data.europa.eu/eli/reg/2016/679/oj" (the register's scheme)
}

// A spelling it cannot read with one meaning is an ask that lists the
// readings, for the model to choose from.
func ExampleRead_ask() {
	out := eli.Read("2016/679", eli.Options{})
	ask, _ := out.Ask()
	fmt.Println(ask.Message())
	// Output:
	// Could not read "2016/679": it does not say which type of act it is; it has 3 meanings: "http://data.europa.eu/eli/reg/2016/679/oj" (regulation 679 of 2016), "http://data.europa.eu/eli/dir/2016/679/oj" (directive 679 of 2016) or "http://data.europa.eu/eli/dec/2016/679/oj" (decision 679 of 2016). Expected an ELI URI (EU acts: http://data.europa.eu/eli/{type}/{year}/{number}/oj; Czech acts: https://www.e-sbirka.cz/eli/cz/sb/{year}/{number}), for example "http://data.europa.eu/eli/reg/2016/679/oj". Send one of the readings as it is, or a citation that names the type of act, such as "Regulation (EU) 2016/679".
}
