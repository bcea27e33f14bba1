"""Documentos publicados: as mesmas tabelas em CSV, XLSX e HTML (e, adiante, PDF)."""
