"""Completa as listas de candidatos dos testes com as colunas que hoje são obrigatórias.

Os testes antigos escreviam só as colunas que examinavam; as que faltam ganham o valor que o
leitor dava quando a coluna não existia (situação aprovado, sem data, sem cor, sem reserva, sem
PcD, sem parecer da comissão), de modo que cada teste continua afirmando o mesmo.
"""

from __future__ import annotations

from collections.abc import Sequence

from cotas.arquivos.campos import separador
from tests.esquemas import esquema_teste

# As colunas pelos nomes e apelidos da lei dos testes (a de Montenegro: com a do parecer).
_ESQUEMA = esquema_teste(comissao=True)

# O valor que cada coluna tinha quando faltava.
ANTIGOS_PADROES = {
    "situacao": "aprovado",
    "data_nascimento": "",
    "cor_raca": "",
    "reserva_negros": "não",
    "pcd": "não",
    # Obrigatória quando a lei tem comissão; vazia é "sem parecer", como a coluna ausente era.
    "heteroidentificacao": "",
}


def _faltam(titulos: Sequence[object]) -> list[str]:
    presentes = {
        _ESQUEMA.no_arquivo(c) for t in titulos if (c := _ESQUEMA.coluna_do_titulo(str(t)))
    }
    return [c for c in ANTIGOS_PADROES if c not in presentes]


def completar(texto: str) -> str:
    """O CSV com as colunas obrigatórias que faltam, no fim de cada linha com conteúdo."""
    sep = separador(texto)
    linhas = texto.splitlines(keepends=True)
    cabecalho = next((i for i, linha in enumerate(linhas) if linha.strip()), None)
    if cabecalho is None:
        return texto
    faltam = _faltam(linhas[cabecalho].lstrip("\ufeff").rstrip("\r\n").split(sep))
    if not faltam:
        return texto
    saida = []
    for i, linha in enumerate(linhas):
        corpo = linha.rstrip("\r\n")
        fim = linha[len(corpo) :]
        if i == cabecalho:
            corpo += "".join(sep + c for c in faltam)
        elif corpo.replace(sep, "").strip():
            corpo += "".join(sep + ANTIGOS_PADROES[c] for c in faltam)
        saida.append(corpo + fim)
    return "".join(saida)


def completar_planilha(linhas: list[list[object]]) -> list[list[object]]:
    """As linhas de uma planilha com as colunas obrigatórias que faltam."""
    faltam = _faltam(linhas[0])
    largura = len(linhas[0])
    saida = [[*linhas[0], *faltam]]
    for linha in linhas[1:]:
        if not linha:
            saida.append(linha)
            continue
        completa = [*linha, *[""] * (largura - len(linha))]
        saida.append([*completa, *(ANTIGOS_PADROES[c] for c in faltam)])
    return saida
