"""A ata do sorteio entre cargos (docs/EDITAIS.md#sorteios): o documento público de um certame
cujo edital manda sortear, entre cargos de poucas vagas, qual recebe a vaga reservada.

O texto de cada ata é o do motor (`cotas.motor.sorteio.ata_do_sorteio`: a semente, o método, os
cargos, cada extração, o resultado e o fundamento), linha a linha; a tabela das extrações traz
os mesmos números, para quem confere o sorteio numa planilha. Só as regras do edital entram:
nenhum dado de candidato.
"""

from __future__ import annotations

from cotas.documentos.documento import Documento, Paragrafo, Titulo
from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.tabelas import Tabela, rotulo_lista
from cotas.documentos.texto import data_br
from cotas.motor.ordem import ordinal
from cotas.motor.regras import Regras
from cotas.motor.regras_do_edital import RegrasDoEdital
from cotas.motor.sorteio import ata_do_sorteio as texto_da_ata
from cotas.motor.sorteio import sortear

NOME = "ata-do-sorteio"
COLUNAS = (
    "Sorteio",
    "Data do sorteio",
    "Semente",
    "Extração",
    "Lista",
    "Cargos concorrentes",
    "SHA-256",
    "Resto",
    "Cargo sorteado",
    "Vaga sorteada",
    "Fundamento",
)


def tem_sorteio(do_edital: RegrasDoEdital) -> bool:
    """O edital manda sortear entre cargos (só então a ata existe)."""
    return bool(do_edital.sorteios)


def atas(regras: Regras) -> list[str]:
    """O texto da ata de cada sorteio do edital, na ordem do edital (vazia: não há sorteio)."""
    if regras.do_edital is None:
        return []
    return [texto_da_ata(regras, sortear(s)) for s in regras.do_edital.sorteios]


def tabela_extracoes(regras: Regras) -> Tabela:
    linhas: list[tuple[object, ...]] = []
    for sorteio in regras.do_edital.sorteios if regras.do_edital is not None else ():
        for e in sortear(sorteio).extracoes:
            linhas.append(
                (
                    sorteio.numero,
                    data_br(sorteio.data),
                    sorteio.semente,
                    e.numero,
                    _rotulo(regras, e.lista),
                    e.concorrentes,
                    e.resumo,
                    e.resto,
                    e.cargo,
                    f"{ordinal(sorteio.posicao)} da ordem de nomeação",
                    sorteio.referencia.citacao(),
                )
            )
    return Tabela("sorteio-extracoes", "Extrações do sorteio entre cargos", COLUNAS, linhas)


def _rotulo(regras: Regras, lista: str) -> str:
    grupo = regras.grupo(lista)
    return grupo.rotulo if grupo is not None else rotulo_lista(lista)


def ata_do_sorteio(f: FonteDocumentos) -> Documento:
    """A ata de cada sorteio do edital, nas palavras do motor, e a tabela das extrações."""
    doc = Documento(NOME, "Ata do sorteio entre cargos", f.nome, f.municipio)
    for texto in atas(f.regras):
        primeira, *resto = texto.splitlines()
        doc.blocos.append(Titulo(primeira))
        # As linhas da ata como o motor as escreve (a indentação das extrações não conta na tela).
        doc.blocos += [Paragrafo(linha.strip()) for linha in resto if linha.strip()]
    doc.blocos.append(tabela_extracoes(f.regras))
    return doc
