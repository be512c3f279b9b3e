package census

import "testing"

// BenchmarkCensusSelf is the census as CI runs it over this module:
// `go list` of ./... with tests, parsing and type-checking every package
// (dependencies from export data), and the analyzer. It reports the number
// of packages checked (each test variant counts).
func BenchmarkCensusSelf(b *testing.B) {
	var pkgs int
	for b.Loop() {
		findings, n, err := check(root, []string{"./..."}, true)
		if err != nil {
			b.Fatal(err)
		}
		_ = findings
		pkgs = n
	}
	b.ReportMetric(float64(pkgs), "packages")
}

// BenchmarkAnalyzeSelf is the analyzer alone over this module's packages,
// loaded once: what the census adds to a run that has the packages already
// (go vet, an editor).
func BenchmarkAnalyzeSelf(b *testing.B) {
	pkgs := loadSelf(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := analyze(pkgs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(pkgs)), "packages")
}
