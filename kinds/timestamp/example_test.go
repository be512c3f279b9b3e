package timestamp_test

import (
	"fmt"

	"agentinput.dev/kinds/timestamp"
)

// A spelling with one meaning is read as the instant, with the offset it
// was sent with, and a note per repair.
func ExampleReader_Read() {
	r, _ := timestamp.New(timestamp.Options{})
	for _, s := range []string{"2026-10-01T09:00:00+02:00", "2026-10-01 09:00 Europe/Prague", "1. 10. 2026 9:00 UTC"} {
		out := r.Read(s)
		v, _ := out.Value()
		fmt.Println(timestamp.Format(v))
		for _, n := range out.Notes() {
			fmt.Println(" ", n.Code, n.Message)
		}
	}
	// Output:
	// 2026-10-01T09:00:00+02:00
	// 2026-10-01T09:00:00+02:00
	//   form Read "2026-10-01 09:00 Europe/Prague" as "2026-10-01T09:00:00+02:00" (a space for T, seconds added)
	//   zone_name Read "2026-10-01 09:00 Europe/Prague" as "2026-10-01T09:00:00+02:00" (Europe/Prague is +02:00 at that instant)
	// 2026-10-01T09:00:00Z
	//   date_form Read "1. 10. 2026" as "2026-10-01" (the date; day first with dots)
	//   form Read "1. 10. 2026 9:00 UTC" as "2026-10-01T09:00:00Z" (a one-digit hour, seconds added)
	//   zone_name Read "1. 10. 2026 9:00 UTC" as "2026-10-01T09:00:00Z" (UTC is +00:00)
}

// A wall time without a zone asks, unless the property declares a default
// zone; then a note names the zone applied.
func ExampleReader_Read_defaultZone() {
	plain, _ := timestamp.New(timestamp.Options{})
	ask, _ := plain.Read("2026-10-01 09:00").Ask()
	fmt.Println(ask.Code, ask.Message())

	prague, _ := timestamp.New(timestamp.Options{DefaultZone: "Europe/Prague"})
	out := prague.Read("2026-10-01 09:00")
	v, _ := out.Value()
	fmt.Println(timestamp.Format(v), out.Notes()[1].Message)
	// Output:
	// no_zone Could not read "2026-10-01 09:00": it names no offset or time zone, so it is a different instant in every zone. Expected an instant in RFC 3339 with its offset, for example "2026-10-01T09:00:00+02:00", or a date and time with a zone name, for example "2026-10-01 09:00 Europe/Prague". Send it with its offset or zone name, for example "2026-10-01T09:00:00Z" if you meant UTC.
	// 2026-10-01T09:00:00+02:00 Read "2026-10-01 09:00" as "2026-10-01T09:00:00+02:00" (no offset or zone: read in Europe/Prague, the property's default zone)
}

// A wall time the clocks show twice is an ask naming both instants.
func ExampleReader_Read_twice() {
	r, _ := timestamp.New(timestamp.Options{})
	ask, _ := r.Read("2026-10-25 02:30 Europe/Prague").Ask()
	fmt.Println(ask.Message())
	// Output:
	// Could not read "2026-10-25 02:30 Europe/Prague": 02:30 occurs twice in Europe/Prague on 2026-10-25: the clocks go back that night; it has 2 meanings: "2026-10-25T02:30:00+02:00" (the first 02:30, at +02:00) or "2026-10-25T02:30:00+01:00" (the second 02:30, at +01:00). Expected an instant in RFC 3339 with its offset, for example "2026-10-01T09:00:00+02:00", or a date and time with a zone name, for example "2026-10-01 09:00 Europe/Prague". Send one of the readings exactly as written: each names one instant with its offset.
}
