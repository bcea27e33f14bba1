"""Textos como os atos oficiais os escrevem: números por extenso, cabeçalho do município, CPF.

Números por extenso: "3 (três) vagas", "2 (duas) vagas", "1 (uma) vaga" — o numeral concorda
com o substantivo feminino, como nos editais.
"""

from __future__ import annotations

import re
from datetime import date

from num2words import num2words

UFS = {
    "AC": "ACRE", "AL": "ALAGOAS", "AP": "AMAPÁ", "AM": "AMAZONAS", "BA": "BAHIA",
    "CE": "CEARÁ", "DF": "DISTRITO FEDERAL", "ES": "ESPÍRITO SANTO", "GO": "GOIÁS",
    "MA": "MARANHÃO", "MT": "MATO GROSSO", "MS": "MATO GROSSO DO SUL", "MG": "MINAS GERAIS",
    "PA": "PARÁ", "PB": "PARAÍBA", "PR": "PARANÁ", "PE": "PERNAMBUCO", "PI": "PIAUÍ",
    "RJ": "RIO DE JANEIRO", "RN": "RIO GRANDE DO NORTE", "RS": "RIO GRANDE DO SUL",
    "RO": "RONDÔNIA", "RR": "RORAIMA", "SC": "SANTA CATARINA", "SP": "SÃO PAULO",
    "SE": "SERGIPE", "TO": "TOCANTINS",
}
_FEMININO = (
    (re.compile(r"\bum\b"), "uma"),
    (re.compile(r"\bdois\b"), "duas"),
    (re.compile(r"entos\b"), "entas"),  # duzentos → duzentas, trezentos → trezentas...
)


def extenso(n: int, *, feminino: bool = False) -> str:
    """O número por extenso: 3 → "três"; feminino: 2 → "duas", 201 → "duzentas e uma"."""
    palavras: str = num2words(n, lang="pt_BR")
    if feminino:
        for padrao, troca in _FEMININO:
            palavras = padrao.sub(troca, palavras)
    return palavras


def numero_e_extenso(n: int, *, feminino: bool = True) -> str:
    """ "3 (três)": o numeral seguido do extenso entre parênteses."""
    return f"{n} ({extenso(n, feminino=feminino)})"


def vagas_por_extenso(n: int) -> str:
    """ "1 (uma) vaga", "3 (três) vagas"."""
    return f"{numero_e_extenso(n)} {'vaga' if n == 1 else 'vagas'}"


def cabecalho_municipio(municipio: str) -> tuple[str, str]:
    """ "Montenegro/RS" → ("ESTADO DO RIO GRANDE DO SUL", "PREFEITURA MUNICIPAL DE MONTENEGRO")."""
    nome, _, uf = municipio.partition("/")
    estado = UFS.get(uf.strip().upper(), uf.strip().upper())
    prefeitura = f"PREFEITURA MUNICIPAL DE {nome.strip().upper()}"
    return (f"ESTADO DO {estado}" if estado else "", prefeitura)


def mascarar_cpf(cpf: str | None) -> str:
    """Mostra só os seis dígitos do meio: ***.456.789-** (LGPD, Lei 13.709/2018)."""
    if not cpf:
        return ""
    digitos = "".join(ch for ch in cpf if ch.isdigit())
    if len(digitos) != 11:
        return "***"
    return f"***.{digitos[3:6]}.{digitos[6:9]}-**"


def data_br(d: date | None) -> str:
    return d.strftime("%d/%m/%Y") if d else ""
