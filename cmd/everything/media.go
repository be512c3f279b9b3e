package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
)

// The fixtures' media, made once at start-up: a 1x1 red PNG and a short
// silent WAV clip (the suite asks for "a minimal test image" and "a
// minimal test audio file").
var (
	redPixelPNG = redPixel()
	silentWAV   = silence(8000, 800) // 0.1 s at 8 kHz
)

func redPixel() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 1, 1))
	img.Set(0, 0, color.RGBA{R: 255, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err) // an in-memory encode of one pixel does not fail
	}
	return b.Bytes()
}

// silence is a mono 16-bit PCM WAV file of n silent samples at rate Hz.
func silence(rate, n uint32) []byte {
	const channels, bits = 1, 16
	data := n * channels * bits / 8
	var b bytes.Buffer
	w := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) } // a bytes.Buffer does not fail
	b.WriteString("RIFF")
	w(uint32(36 + data))
	b.WriteString("WAVEfmt ")
	w(uint32(16))                  // fmt chunk size
	w(uint16(1))                   // PCM
	w(uint16(channels))            // channels
	w(rate)                        // sample rate
	w(rate * channels * bits / 8)  // byte rate
	w(uint16(channels * bits / 8)) // block align
	w(uint16(bits))                // bits per sample
	b.WriteString("data")
	w(data)
	b.Write(make([]byte, data))
	return b.Bytes()
}
