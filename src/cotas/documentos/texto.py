"""Textos como os atos oficiais os escrevem: números por extenso, cabeçalho do município, CPF.

Números por extenso: "3 (três) vagas", "2 (duas) vagas", "1 (uma) vaga" — o numeral concorda
com o substantivo feminino, como nos editais.
"""

from __future__ import annotations

import re
from datetime import date

from num2words import num2words

# O nome oficial de cada unidade da federação, com a preposição que ela pede ("ESTADO DA
# BAHIA", "ESTADO DE SÃO PAULO", "ESTADO DO RIO GRANDE DO SUL").
UFS = {
    "AC": "ESTADO DO ACRE",
    "AL": "ESTADO DE ALAGOAS",
    "AP": "ESTADO DO AMAPÁ",
    "AM": "ESTADO DO AMAZONAS",
    "BA": "ESTADO DA BAHIA",
    "CE": "ESTADO DO CEARÁ",
    "DF": "DISTRITO FEDERAL",
    "ES": "ESTADO DO ESPÍRITO SANTO",
    "GO": "ESTADO DE GOIÁS",
    "MA": "ESTADO DO MARANHÃO",
    "MT": "ESTADO DE MATO GROSSO",
    "MS": "ESTADO DE MATO GROSSO DO SUL",
    "MG": "ESTADO DE MINAS GERAIS",
    "PA": "ESTADO DO PARÁ",
    "PB": "ESTADO DA PARAÍBA",
    "PR": "ESTADO DO PARANÁ",
    "PE": "ESTADO DE PERNAMBUCO",
    "PI": "ESTADO DO PIAUÍ",
    "RJ": "ESTADO DO RIO DE JANEIRO",
    "RN": "ESTADO DO RIO GRANDE DO NORTE",
    "RS": "ESTADO DO RIO GRANDE DO SUL",
    "RO": "ESTADO DE RONDÔNIA",
    "RR": "ESTADO DE RORAIMA",
    "SC": "ESTADO DE SANTA CATARINA",
    "SP": "ESTADO DE SÃO PAULO",
    "SE": "ESTADO DE SERGIPE",
    "TO": "ESTADO DO TOCANTINS",
}
# O numeral concorda com "vaga"; "milhão", "bilhão"... são masculinos e ficam como estão
# ("um milhão de vagas", "dois milhões", "duzentos milhões").
_ANTES_DE_MILHAO = r"(?!\s+(?:mi|bi|tri)lh)"
_FEMININO = (
    (re.compile(r"\bum\b" + _ANTES_DE_MILHAO), "uma"),
    (re.compile(r"\bdois\b" + _ANTES_DE_MILHAO), "duas"),
    (re.compile(r"entos\b" + _ANTES_DE_MILHAO), "entas"),  # duzentos → duzentas...
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


_PARTICULAS = frozenset({"de", "da", "do", "das", "dos", "e"})


def nome_proprio(texto: str) -> str:
    """ "ESTADO DE MINAS GERAIS" → "Estado de Minas Gerais": cada palavra com maiúscula, menos
    as partículas (de, da, do, das, dos, e) no meio do nome."""
    palavras = texto.lower().split()
    return " ".join(
        p if i and p in _PARTICULAS else p[:1].upper() + p[1:] for i, p in enumerate(palavras)
    )


def cabecalho_municipio(municipio: str) -> tuple[str, str]:
    """ "Município/RS" → ("ESTADO DO RIO GRANDE DO SUL", "PREFEITURA MUNICIPAL DE MUNICÍPIO");
    o ente de uma lei estadual ou federal (sem UF: "Estado de Minas Gerais", o ente federal) →
    ("REPÚBLICA FEDERATIVA DO BRASIL", o ente, maiúsculo)."""
    nome, _, uf = municipio.partition("/")
    if not uf:
        return ("REPÚBLICA FEDERATIVA DO BRASIL", nome.strip().upper())
    uf = uf.strip().upper()
    estado = UFS.get(uf, f"ESTADO: {uf}" if uf else "")
    prefeitura = f"PREFEITURA MUNICIPAL DE {nome.strip().upper()}"
    return (estado, prefeitura)


# Apaga de um texto ASCII tudo o que não é dígito.
_SO_DIGITOS_ASCII = {i: None for i in range(128) if not chr(i).isdigit()}


def mascarar_cpf(cpf: str | None) -> str:
    """Mostra só os seis dígitos do meio: ***.456.789-**
    (docs/INTERPRETACAO.md#dados-pessoais)."""
    if not cpf:
        return ""
    if cpf.isascii():  # (o caso de sempre; o mesmo que `isdigit`, sem um laço em Python)
        digitos = cpf.translate(_SO_DIGITOS_ASCII)
    else:
        digitos = "".join(ch for ch in cpf if ch.isdigit())
    if len(digitos) != 11:
        return "***"
    return f"***.{digitos[3:6]}.{digitos[6:9]}-**"


def data_br(d: date | None) -> str:
    return d.strftime("%d/%m/%Y") if d else ""


def slug(texto: str) -> str:
    """O nome de um arquivo a partir de um título: "Concurso Público 01/2025" →
    "concurso-publico-01-2025" (sem acentos; a barra separa como o espaço)."""
    import unicodedata

    sem_acento = unicodedata.normalize("NFKD", texto).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", sem_acento.lower()).strip("-")
