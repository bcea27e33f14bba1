"""Os textos que o órgão publica no diário oficial: a portaria de nomeação, os editais de
convocação (da verificação pela comissão e dos nomeados), o resultado da verificação
(preliminar e final) e a homologação.

Cada texto sai de um modelo que o órgão edita (`Modelo`: o título e o corpo, com campos
`$nome`), com o timbre e quem assina, a tabela de quem o ato alcança e o fundamento legal com
as palavras da lei (as `Referencia` que o motor dá: nenhum artigo é escrito aqui). Sem Django:
a web monta `DadosDoAto` a partir do banco.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from string import Template

from cotas.documentos.documento import Carimbo, Documento, Paragrafo, Titulo
from cotas.documentos.tabelas import Tabela
from cotas.documentos.texto import data_br
from cotas.motor.razoes import Referencia

# Os tipos de texto, com o nome que a tela e o arquivo mostram.
TIPOS: dict[str, str] = {
    "portaria-nomeacao": "Portaria de nomeação",
    "convocacao-comissao": "Edital de convocação para a verificação da comissão",
    "convocacao-nomeados": "Edital de convocação dos nomeados",
    "resultado-preliminar": "Resultado preliminar da verificação",
    "resultado-final": "Resultado final da verificação",
    "homologacao": "Homologação do resultado final",
}

# Os campos que todo modelo pode usar, com o que cada um traz (a tela de edição os lista).
CAMPOS: dict[str, str] = {
    "orgao": "o nome do órgão",
    "certame": "o nome do certame",
    "numero": "o número do ato (portaria ou edital)",
    "data": "a data do ato (dd/mm/aaaa)",
    "cargo": "o cargo (código e nome), quando o ato é de um cargo",
    "quantidade": "quantos candidatos o ato alcança",
    "local": "o local da sessão da comissão",
    "data_sessao": "a data da sessão da comissão",
    "prazo_recurso": "o prazo de recurso que a lei fixa (ou o do edital)",
    "portaria": "o número da portaria de nomeação (na convocação dos nomeados)",
    "fundamento": "as citações do fundamento legal (lei e artigo)",
    "signatario": "o nome de quem assina",
    "cargo_signatario": "o cargo de quem assina",
}


@dataclass(frozen=True)
class Modelo:
    titulo: str
    corpo: str  # parágrafos separados por linha em branco


MODELOS_PADRAO: dict[str, Modelo] = {
    "portaria-nomeacao": Modelo(
        "PORTARIA Nº $numero, DE $data",
        "$cargo_signatario, no uso de suas atribuições legais, e considerando o resultado final "
        "homologado do $certame, com fundamento em $fundamento,\n\n"
        "RESOLVE:\n\n"
        "Art. 1º Nomear, para o cargo de $cargo, os candidatos relacionados abaixo, na ordem "
        "de nomeação, com a vaga e a lista pela qual cada um é nomeado.\n\n"
        "Art. 2º Esta Portaria entra em vigor na data de sua publicação.",
    ),
    "convocacao-nomeados": Modelo(
        "EDITAL DE CONVOCAÇÃO Nº $numero, DE $data",
        "$cargo_signatario torna pública, em razão da Portaria de nomeação nº $portaria, a "
        "convocação dos candidatos nomeados para o cargo de $cargo no $certame, relacionados "
        "abaixo, para a apresentação dos documentos e a posse, nos prazos do edital do "
        "certame e da legislação do órgão.",
    ),
    "convocacao-comissao": Modelo(
        "EDITAL DE CONVOCAÇÃO Nº $numero, DE $data",
        "$cargo_signatario torna pública a convocação dos candidatos relacionados abaixo, "
        "autodeclarados no $certame, para o procedimento de verificação da autodeclaração "
        "pela comissão, em $data_sessao, em $local, com fundamento em $fundamento.\n\n"
        "O candidato deve comparecer com documento de identidade com foto. O não "
        "comparecimento tem as consequências previstas na lei e no edital do certame.",
    ),
    "resultado-preliminar": Modelo(
        "RESULTADO PRELIMINAR DA VERIFICAÇÃO — EDITAL Nº $numero, DE $data",
        "$cargo_signatario torna público o resultado preliminar do procedimento de "
        "verificação da autodeclaração no $certame, realizado em $data_sessao, com "
        "fundamento em $fundamento.\n\n"
        "Do resultado cabe recurso no prazo de $prazo_recurso, na forma da lei e do edital do "
        "certame.",
    ),
    "resultado-final": Modelo(
        "RESULTADO FINAL DA VERIFICAÇÃO — EDITAL Nº $numero, DE $data",
        "$cargo_signatario torna público o resultado final do procedimento de verificação da "
        "autodeclaração no $certame, após o exame dos recursos, com fundamento em "
        "$fundamento.",
    ),
    "homologacao": Modelo(
        "EDITAL DE HOMOLOGAÇÃO Nº $numero, DE $data",
        "$cargo_signatario, no uso de suas atribuições legais, HOMOLOGA o resultado final do "
        "$certame, com fundamento em $fundamento, conforme os cargos e as vagas relacionados "
        "abaixo.",
    ),
}


class ModeloInvalido(ValueError):
    """Um modelo com campos desconhecidos ou `$` mal escrito: cada erro com a linha e a
    coluna."""

    def __init__(self, erros: list[str]) -> None:
        super().__init__("; ".join(erros))
        self.erros = erros


_PADRAO_CAMPO = re.compile(
    r"\$(?:(?P<escapado>\$)|(?P<nome>[_a-z][_a-z0-9]*)|\{(?P<chaves>[_a-z][_a-z0-9]*)\}|(?P<invalido>))",
    re.IGNORECASE,
)


def erros_do_modelo(texto: str, onde: str = "modelo") -> list[str]:
    """Todos os campos desconhecidos e os `$` soltos, com a linha e a coluna."""
    erros = []
    for numero, linha in enumerate(texto.splitlines(), start=1):
        for m in _PADRAO_CAMPO.finditer(linha):
            nome = m.group("nome") or m.group("chaves")
            coluna = m.start() + 1
            if m.group("escapado"):
                continue
            if nome is None:
                erros.append(
                    f"{onde}, linha {numero}, coluna {coluna}: “$” sem o nome de um campo "
                    "(para escrever o símbolo, use “$$”)"
                )
            elif nome not in CAMPOS:
                erros.append(
                    f"{onde}, linha {numero}, coluna {coluna}: campo desconhecido “${nome}”; "
                    f"os campos são: {', '.join('$' + c for c in CAMPOS)}"
                )
    return erros


def conferir_modelo(modelo: Modelo) -> None:
    erros = erros_do_modelo(modelo.titulo, "título") + erros_do_modelo(modelo.corpo, "texto")
    if erros:
        raise ModeloInvalido(erros)


@dataclass(frozen=True)
class Assinatura:
    nome: str
    cargo: str


@dataclass(frozen=True)
class DadosDoAto:
    """O que o banco sabe do ato: o número, a data, a tabela de quem ele alcança, o fundamento
    (dispositivos com as palavras da lei) e os campos próprios (`cargo`, `local`...)."""

    tipo: str
    certame: str
    municipio: str
    numero: str
    data: date | None
    tabela: Tabela | None = None
    fundamentos: Sequence[Referencia] = ()
    campos: Mapping[str, str] = field(default_factory=dict)


def nome_do_arquivo(dados: DadosDoAto, slug_certame: str) -> str:
    """ "concurso-publico-01-2025-portaria-nomeacao-101-2026" (sem a extensão)."""
    numero = re.sub(r"[^0-9a-z]+", "-", dados.numero.lower()).strip("-")
    return "-".join(x for x in (slug_certame, dados.tipo, numero) if x)


def _citacoes(fundamentos: Sequence[Referencia]) -> str:
    return "; ".join(dict.fromkeys(f.citacao() for f in fundamentos)) or "a legislação aplicável"


def texto_do_ato(
    dados: DadosDoAto,
    modelo: Modelo,
    *,
    orgao: str,
    timbre: tuple[str, ...],
    assinatura: Assinatura,
    carimbo: Carimbo,
) -> Documento:
    """O ato como documento: timbre, título e corpo do modelo com os campos preenchidos, a
    tabela, o fundamento com as palavras da lei, a assinatura e o carimbo (gerado em, versão,
    lei)."""
    conferir_modelo(modelo)
    valores = {
        "orgao": orgao,
        "certame": dados.certame,
        "numero": dados.numero or "____",
        "data": data_br(dados.data) or "__/__/____",
        "quantidade": str(len(dados.tabela.linhas)) if dados.tabela else "0",
        "fundamento": _citacoes(dados.fundamentos),
        # Sem quem assina nos modelos do órgão, o lugar fica à vista para preencher (antes, o
        # texto começava por ", no uso de suas atribuições legais").
        "signatario": assinatura.nome or "______________________________",
        "cargo_signatario": assinatura.cargo or "__________ (cargo de quem assina)",
        "cargo": "",
        "local": "",
        "data_sessao": "",
        "prazo_recurso": "",
        "portaria": "",
        **dados.campos,
    }
    titulo = Template(modelo.titulo).substitute(valores)
    doc = Documento(
        dados.tipo,
        titulo,
        dados.certame,
        dados.municipio,
        timbre=timbre,
        carimbo=carimbo.texto(),
    )
    for paragrafo in re.split(r"\n\s*\n", Template(modelo.corpo).substitute(valores)):
        if paragrafo.strip():
            doc.blocos.append(Paragrafo(" ".join(paragrafo.split()), "ato"))
    if dados.tabela is not None:
        doc.blocos.append(dados.tabela)
    if dados.fundamentos:
        doc.blocos.append(Titulo("Fundamento legal", 3))
        for ref in dict.fromkeys(dados.fundamentos):
            doc.blocos.append(Paragrafo(f"{ref.citacao()}: “{ref.texto}”", "nota"))
    local = f"{dados.municipio.partition('/')[0]}, " if dados.municipio else ""
    doc.blocos.append(Paragrafo(f"{local}{data_br(dados.data)}.", "ato"))
    doc.blocos.append(Paragrafo(assinatura.nome or "______________________________", "assinatura"))
    doc.blocos.append(Paragrafo(assinatura.cargo, "assinatura"))
    return doc
