-- A QR code's style (issue 30, docs/qr.md#style): logo, frame, shapes, gradient, colours
-- and error correction, saved with the code so every image is drawn with it. '{}' for
-- codes made before: black on white at error correction M, as they were drawn.
ALTER TABLE qr_codes ADD COLUMN style jsonb NOT NULL DEFAULT '{}';
