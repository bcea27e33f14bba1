"""O conversor dos ids nos endereços: `<id:pk>`, no lugar do `<int:pk>` do Django.

O `int` do Django aceita qualquer quantidade de dígitos, e um id que não cabe no inteiro do
banco (64 bits com sinal, o `BigAutoField`) chegava às consultas: o SQL montado à mão (a
consulta pública, `publico.situacoes`) dava 500 (OverflowError do SQLite). Com este conversor,
um número maior que o maior id possível não é endereço de nada: a 404 de sempre, em português
(na API, a dela, em JSON). Cada `urls.py` com ids o importa (o registro é na importação)."""

from __future__ import annotations

from django.urls import register_converter

# O maior id que o banco guarda (BigAutoField: inteiro de 64 bits com sinal).
MAIOR_ID = 2**63 - 1


class ConversorDeId:
    regex = "[0-9]{1,19}"  # (o maior id tem 19 dígitos)

    def to_python(self, valor: str) -> int:
        numero = int(valor)
        if numero > MAIOR_ID:
            raise ValueError(f"{valor} passa do maior id")  # (para o Django: não é este endereço)
        return numero

    def to_url(self, valor: int) -> str:
        return str(valor)


register_converter(ConversorDeId, "id")
