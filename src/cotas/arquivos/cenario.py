"""Leitura do cenário (TOML): o certame, os cargos, os eventos e os candidatos.

As chaves de cada seção são as de `formato_do_cenario`, de onde sai o JSON Schema publicado
em `schema/cenario.schema.json`.
Todos os problemas do cenário e da lista de candidatos são juntados e
entregues de uma vez em `ErrosDeEntrada`. Os erros do cenário nomeiam o
caminho da chave (`cargos[2].vagas`, com os blocos `[[...]]` contados a partir
de 1, como o operador os conta no arquivo) e a linha onde ela aparece.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Literal, cast

from cotas.arquivos import limites
from cotas.arquivos.candidatos import (
    COLUNAS_CONHECIDAS,
    ErrosDaLista,
    LeituraCandidatos,
    TabelaEmLinha,
    ler_candidatos,
    normalizar_nome,
)
from cotas.arquivos.edital import ler_edital
from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada, motivo_do_sistema
from cotas.arquivos.esquema import (
    Esquema,
    esquema_da_lei,
    esquema_do_certame,
    montar_esquema,
)
from cotas.arquivos.formato_do_cenario import SEM_DEFESA, Sentido, chaves
from cotas.motor.candidatos import Candidato
from cotas.motor.certame import DuplaCondicao, ProcedimentoAdministrativo, TipoEvento
from cotas.motor.colunar import TabelaCandidatos
from cotas.motor.edital import Edital, como_toml, informados_do_edital
from cotas.motor.erros import ErroCotas, LeiInvalida, SelecaoNaoAbrangida
from cotas.motor.eventos import Evento  # (o mesmo evento que o motor reencena)
from cotas.motor.glossario import (
    AMPLA,
    PCD,
    ROTULOS_LISTA,
    ArredondamentoPcd,
    Orgao,
    TipoSelecao,
    codigos,
)
from cotas.motor.legislacao import Catalogo, catalogo_padrao
from cotas.motor.regras import (
    REF_IDOSO,
    ParametrosPcd,
    Regras,
    lei_aplicavel,
    orgaos_abrangidos,
    regras_aplicaveis,
)
from cotas.motor.regras_do_edital import aplicar as aplicar_regras_do_edital

__all__ = [
    "Arredondamento",
    "Cargo",
    "Cenario",
    "Evento",
    "Pcd",
    "Sentido",
    "TipoCertame",
    "TipoEvento",
    "ler_cenario",
    "ler_parametros_lei",
]

Arredondamento = Literal["cima", "meio", "baixo"]


# O tipo de seleção do glossário (o nome antigo fica para quem o importa daqui).
TipoCertame = TipoSelecao


@dataclass(frozen=True)
class Pcd:
    """Reserva para pessoas com deficiência, como o edital a fixa."""

    percentual: Decimal = Decimal(5)
    arredondamento: Arredondamento = "cima"
    teto: Decimal = Decimal(20)


@dataclass(frozen=True)
class Cargo:
    codigo: str
    nome: str
    vagas: int
    linha: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Cenario:
    nome: str
    municipio: str | None
    lei: str | None
    data_edital: date
    tipo: TipoCertame
    validade_ate: date | None
    data_publicacao_lei: date | None  # data de publicação que o operador registra...
    # ...e de qual lei, se o cenário a diz (a apuração usa então a `lei` do certame ou, sem ela,
    # a mais recente do município)
    lei_publicada: str | None
    permite_final_de_fila: bool
    data_referencia_idade: date | None
    # Quem fica com a vaga quando dois grupos a querem ao mesmo tempo
    # (docs/INTERPRETACAO.md#prioridade-colisao); None:
    # o padrão do motor (negros, depois PcD).
    prioridade_colisao: tuple[str, ...] | None
    # Candidato de dois grupos chamado pelas duas listas no mesmo lote, sem opção
    # (docs/INTERPRETACAO.md#dupla-condicao); None: o padrão do motor (a lista racial).
    dupla_condicao: str | None
    desempate: list[tuple[str, Sentido]]
    # Parâmetros que a lei deixa em aberto: nome → {"valor": ..., "justificativa": "..."},
    # a forma que `regras_aplicaveis(informados=...)` aceita.
    parametros_lei: dict[str, object]
    pcd: Pcd | None
    cargos: list[Cargo]
    eventos: list[Evento]
    candidatos: Sequence[Candidato]  # de um CSV grande, uma TabelaCandidatos (ver o leitor)
    avisos: list[ErroEntrada]
    arquivo_candidatos: Path
    # O órgão ou a entidade que faz a seleção (exigido quando a lei restringe: `orgaos.<tipo>`).
    orgao: str | None = None
    # Como o arquivo de candidatos foi lido (colunas, padrões), para mostrar ao usuário.
    leitura_candidatos: LeituraCandidatos | None = field(default=None, compare=False)
    # A linha de [certame], para apontar um erro das regras da lei (vigência, abrangência).
    linha_certame: int | None = field(default=None, compare=False)
    # O edital (`[certame] edital`, com o modelo que ele segue), lido e conferido contra a lei.
    edital: Edital | None = None


# ---------------------------------------------------------------- sintaxe TOML

# As mensagens do tomllib (em inglês), da mais específica à mais geral; `{0}` é o trecho que a
# mensagem original cita (a chave, o caractere).
_TRADUCOES_TOML: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(en), pt)
    for en, pt in (
        (r"Invalid statement", "instrução inválida"),
        (r"Expected newline or end of document after a statement", "esperava fim de linha aqui"),
        (r"Cannot declare (.*) twice", "a tabela [{0}] foi declarada duas vezes"),
        (r"Cannot mutate immutable namespace (.*)", "a tabela {0} já foi fechada e não muda mais"),
        (r"Cannot redefine namespace (.*)", "{0} já foi definido com outro valor"),
        (r"Expected '\]' at the end of a table declaration", "falta ']' no fim do nome da tabela"),
        (
            r"Expected '\]\]' at the end of an array declaration",
            "falta ']]' no fim do nome do bloco",
        ),
        (r"Cannot overwrite a value", "chave repetida (um valor não pode ser definido duas vezes)"),
        (r"Expected '=' after a key", "falta '=' depois da chave"),
        (r"Invalid initial character for a key part", "caractere inválido no início da chave"),
        (r"Unclosed array", "lista sem ']' de fechamento"),
        (r"Unclosed inline table", "tabela em linha sem '}}' de fechamento"),
        (r"Duplicate inline table key (.*)", "chave {0} repetida na tabela em linha"),
        (r"Invalid value", "valor inválido (textos vão entre aspas; datas como 2025-06-10)"),
        (r"Unterminated string", "texto sem aspas de fechamento"),
        (r"Expected ['\"]", "texto sem aspas de fechamento"),
        (r"Illegal character (.*)", "caractere não permitido num texto: {0}"),
        (r"Invalid date or datetime", "data inválida"),
        (r"Invalid number", "número inválido"),
        (r"Unescaped", "barra invertida sem escape no texto (escreva \\\\)"),
        (r"Unrecognized escape sequence", "sequência de escape desconhecida"),
        (r"Invalid hex value", "valor hexadecimal inválido"),
        (r"Escaped character is not a Unicode scalar value", "caractere de escape inválido"),
        (r"Found invalid character (.*)", "caractere não permitido aqui: {0}"),
    )
)
_RE_POSICAO_TOML = re.compile(
    r"^(?P<msg>.*?)\s*\((?:at line (?P<l>\d+), column (?P<c>\d+)|at end of document)\)$"
)
# No fim do documento, o texto sem fechamento começa na última aspa do arquivo (depois dela o
# tomllib não achou outra).
_ABERTURA_SEM_FECHAMENTO = re.compile(r"Expected (['\"].*['\"])|Unterminated string")


_NOMES_DE_CARACTERES = {"\n": "quebra de linha", "\t": "tabulação", "\r": "retorno de carro"}


def _trecho(citado: str) -> str:
    """O que a mensagem do tomllib cita (repr de uma chave ou caractere) como o usuário o lê."""
    try:
        valor = ast.literal_eval(citado)
    except (ValueError, SyntaxError):
        return citado
    if isinstance(valor, tuple):  # caminho da chave: ('certame', 'nome')
        return ".".join(map(str, valor))
    if isinstance(valor, str) and len(valor) == 1:
        nome = _NOMES_DE_CARACTERES.get(valor)
        return nome or (f"'{valor}'" if valor.isprintable() else f"U+{ord(valor):04X}")
    return citado


def _traduzir_toml(mensagem: str) -> str:
    for padrao, pt in _TRADUCOES_TOML:
        if m := padrao.match(mensagem):
            return pt.format(*map(_trecho, m.groups()))
    # Uma mensagem que não conhecemos: o português antes, o original só como detalhe técnico.
    return f"o arquivo não segue a sintaxe TOML (detalhe técnico: {mensagem})"


def _posicao(texto: str, indice: int) -> tuple[int, int]:
    """Linha e coluna (a partir de 1) de um índice do texto."""
    linha = texto.count("\n", 0, indice) + 1
    return linha, indice - (texto.rfind("\n", 0, indice) + 1) + 1


def _erro_sintaxe(arquivo: str, exc: tomllib.TOMLDecodeError, texto: str) -> ErroEntrada:
    original = str(exc.args[0]) if exc.args else str(exc)
    m = _RE_POSICAO_TOML.match(original)
    mensagem = m["msg"] if m else original
    linha: int | None = None
    coluna: int | None = None
    if m and m["l"]:
        linha, coluna = int(m["l"]), int(m["c"])
    elif m:  # "no fim do documento"
        linha, coluna = _posicao(texto, len(texto.rstrip("\n")))
        if aberto := _ABERTURA_SEM_FECHAMENTO.match(mensagem):
            aspa = ast.literal_eval(aberto[1]) if aberto[1] else '"'  # (`Expected "'"`)
            if (inicio := texto.rfind(aspa)) >= 0:
                linha, coluna = _posicao(texto, inicio)
    return ErroEntrada(arquivo, linha, coluna, f"erro de sintaxe TOML: {_traduzir_toml(mensagem)}")


# ---------------------------------------------------------------- localização das chaves

# Sem retrocesso: um grupo guloso de uma classe só e, para a chave, o texto até o primeiro `=`
# (antes, `+?` seguido de `\s*` era quadrático numa linha longa de espaços sem `=`).
_RE_BLOCO = re.compile(r"\[\[([^\]]+)\]\]")
_RE_TABELA = re.compile(r"\[([^\]]+)\]")
_RE_CHAVE = re.compile(r"""[A-Za-z0-9_\-."' \t]+""")


def _indice_de_chaves(texto: str) -> dict[str, int]:
    """Caminho de cada chave (`cargos[2].vagas`) → linha onde aparece pela primeira vez.

    Uma varredura simples, linha a linha: basta para apontar o operador à linha
    certa nos cenários escritos à mão.
    """
    indice: dict[str, int] = {}
    contagem: dict[str, int] = {}
    atual = ""
    for numero, bruta in enumerate(texto.splitlines(), start=1):
        linha = bruta.strip()
        if not linha or linha.startswith("#"):
            continue
        if m := _RE_BLOCO.match(linha):
            nome = _limpar_chave(m[1])
            contagem[nome] = contagem.get(nome, 0) + 1
            atual = f"{nome}[{contagem[nome]}]"
            indice.setdefault(atual, numero)
        elif m := _RE_TABELA.match(linha):
            atual = _limpar_chave(m[1])
            indice.setdefault(atual, numero)
        elif (esquerda := linha.partition("=")[0]) != linha and _RE_CHAVE.fullmatch(esquerda):
            chave = _limpar_chave(esquerda)
            indice.setdefault(f"{atual}.{chave}" if atual else chave, numero)
    return indice


_RE_BLOCO_NO_TEXTO = re.compile(r"^[ \t]*\[\[([^\]\n]+)\]\]", re.MULTILINE)


def _indice_de_blocos(texto: str) -> dict[str, int]:
    """Só os blocos (`eventos[3]`) → linha: o que cada cargo e evento guarda de onde veio, sem
    varrer as chaves de todas as linhas (um cenário nacional tem milhares de eventos)."""
    indice: dict[str, int] = {}
    contagem: dict[str, int] = {}
    numero, fim = 1, 0
    for m in _RE_BLOCO_NO_TEXTO.finditer(texto):
        numero += texto.count("\n", fim, m.start())
        fim = m.start()
        nome = _limpar_chave(m[1])
        contagem[nome] = contagem.get(nome, 0) + 1
        indice.setdefault(f"{nome}[{contagem[nome]}]", numero)
    return indice


def _limpar_chave(texto: str) -> str:
    return ".".join(parte.strip().strip("\"'") for parte in texto.split("."))


# ---------------------------------------------------------------- validação


class _Validador:
    def __init__(self, arquivo: str, texto: str) -> None:
        self.arquivo = arquivo
        self._texto = texto
        self._blocos = _indice_de_blocos(texto)
        self._indice: dict[str, int] | None = None  # todas as chaves: só para erros e avisos
        self.erros: list[ErroEntrada] = []
        self.avisos: list[ErroEntrada] = []

    @property
    def indice(self) -> dict[str, int]:
        if self._indice is None:
            self._indice = _indice_de_chaves(self._texto)
        return self._indice

    def linha(self, chave: str) -> int | None:
        if chave in self._blocos:  # (cargos e eventos guardam a linha do seu bloco)
            return self._blocos[chave]
        while chave:
            if chave in self.indice:
                return self.indice[chave]
            corte = max(chave.rfind("."), chave.rfind("["))
            chave = chave[:corte] if corte > 0 else ""
        return None

    def erro(self, chave: str, mensagem: str) -> None:
        self.erros.append(ErroEntrada(self.arquivo, self.linha(chave), None, mensagem, chave))

    def aviso(self, chave: str, mensagem: str) -> None:
        self.avisos.append(ErroEntrada(self.arquivo, self.linha(chave), None, mensagem, chave))

    def desconhecidas(
        self, tabela: dict[str, object], base: str, conhecidas: Iterable[str]
    ) -> None:
        aceitas = set(conhecidas)
        for chave in tabela:
            if chave not in aceitas:
                self.aviso(
                    f"{base}.{chave}" if base else chave,
                    "chave desconhecida, ignorada (as chaves aceitas aqui são "
                    + ", ".join(sorted(aceitas))
                    + ")",
                )

    # Cada leitor devolve None quando a chave falta ou o valor é inválido
    # (e, nesse caso, registra o erro).

    def texto(
        self, tabela: dict[str, object], base: str, chave: str, obrigatoria: bool
    ) -> str | None:
        caminho = f"{base}.{chave}"
        valor = tabela.get(chave)
        if valor is None:
            if obrigatoria:
                self.erro(caminho, "falta esta chave obrigatória")
            return None
        if isinstance(valor, str) and valor.strip():
            return valor.strip()
        if isinstance(valor, str):
            self.erro(caminho, "o texto está vazio")
        else:
            self.erro(caminho, f"deve ser um texto entre aspas (encontrado: {_tipo_toml(valor)})")
        return None

    def identificador(self, tabela: dict[str, object], base: str, chave: str) -> str | None:
        """Código de cargo ou inscrição: texto, ou inteiro escrito sem aspas."""
        valor = tabela.get(chave)
        if isinstance(valor, int) and not isinstance(valor, bool):
            return str(valor)
        return self.texto(tabela, base, chave, obrigatoria=False)

    def data(
        self, tabela: dict[str, object], base: str, chave: str, obrigatoria: bool
    ) -> date | None:
        caminho = f"{base}.{chave}"
        valor = tabela.get(chave)
        if valor is None:
            if obrigatoria:
                self.erro(caminho, "falta esta chave obrigatória (uma data, como 2025-06-10)")
            return None
        if isinstance(valor, datetime):
            self.erro(caminho, "informe só a data, sem hora (como 2025-06-10)")
            return None
        if isinstance(valor, date):
            return valor
        if isinstance(valor, str):
            try:
                return date.fromisoformat(valor.strip())
            except ValueError:
                pass
        self.erro(caminho, f'"{valor}" não é uma data válida (escreva AAAA-MM-DD, sem aspas)')
        return None

    def inteiro(
        self,
        tabela: dict[str, object],
        base: str,
        chave: str,
        obrigatoria: bool,
        minimo: int,
        maximo: int | None = None,
    ) -> int | None:
        caminho = f"{base}.{chave}"
        valor = tabela.get(chave)
        if valor is None:
            if obrigatoria:
                self.erro(caminho, "falta esta chave obrigatória (um número inteiro)")
            return None
        if isinstance(valor, int) and not isinstance(valor, bool):
            if maximo is not None and valor > maximo:
                self.erro(caminho, f"passa do limite de {limites.br(maximo)} (encontrado: {valor})")
                return None
            if valor >= minimo:
                return valor
            self.erro(
                caminho, f"deve ser um inteiro maior ou igual a {minimo} (encontrado: {valor})"
            )
            return None
        self.erro(caminho, f"deve ser um número inteiro (encontrado: {_tipo_toml(valor)} {valor})")
        return None

    def percentual(
        self, tabela: dict[str, object], base: str, chave: str, padrao: Decimal
    ) -> Decimal:
        caminho = f"{base}.{chave}"
        valor = tabela.get(chave)
        if valor is None:
            return padrao
        if isinstance(valor, Decimal | int) and not isinstance(valor, bool):
            numero = Decimal(valor)
            casas = numero.as_tuple().exponent
            if not numero.is_finite() or not isinstance(casas, int):
                self.erro(caminho, f"deve ser um número (encontrado: {valor})")
                return padrao
            if casas < -limites.CASAS_DO_PERCENTUAL:
                self.erro(
                    caminho,
                    f"tem casas decimais demais; o limite é {limites.CASAS_DO_PERCENTUAL} casas",
                )
                return padrao
            if 0 < numero <= 100:
                return numero
            self.erro(
                caminho, f"deve ser um percentual maior que 0 e até 100 (encontrado: {valor})"
            )
        else:
            self.erro(caminho, f"deve ser um número (encontrado: {_tipo_toml(valor)})")
        return padrao

    def prioridade(
        self, tabela: dict[str, object], base: str, chave: str
    ) -> tuple[str, ...] | None:
        """Lista de grupos sem repetição: PcD e os grupos que as leis declaram."""
        valor = tabela.get(chave)
        if valor is None:
            return None
        grupos = [g for g in ROTULOS_LISTA if g != AMPLA]
        if (
            not isinstance(valor, list)
            or not all(isinstance(g, str) and g in grupos for g in valor)
            or len(set(valor)) != len(valor)
        ):
            self.erro(
                f"{base}.{chave}",
                f"deve ser uma lista de grupos sem repetição, entre {', '.join(grupos)} "
                f'(ex.: ["{PCD}"] para PcD antes dos grupos da lei)',
            )
            return None
        return tuple(valor)

    def booleano(self, tabela: dict[str, object], base: str, chave: str) -> bool:
        valor = tabela.get(chave, False)
        if isinstance(valor, bool):
            return valor
        self.erro(f"{base}.{chave}", "deve ser true ou false (sem aspas)")
        return False

    def escolha(
        self,
        tabela: dict[str, object],
        base: str,
        chave: str,
        opcoes: Iterable[str],
        obrigatoria: bool,
    ) -> str | None:
        caminho = f"{base}.{chave}"
        valor = tabela.get(chave)
        lista = list(opcoes)
        if valor is None:
            if obrigatoria:
                self.erro(caminho, "falta esta chave obrigatória (" + " ou ".join(lista) + ")")
            return None
        if isinstance(valor, str) and valor in lista:
            return valor
        self.erro(caminho, f'"{valor}" não é um valor aceito (use ' + ", ".join(lista) + ")")
        return None

    def tabela(
        self, dados: dict[str, object], chave: str, obrigatoria: bool
    ) -> dict[str, object] | None:
        valor = dados.get(chave)
        if valor is None:
            if obrigatoria:
                self.erro(chave, f"falta a tabela [{chave}]")
            return None
        if isinstance(valor, dict):
            return cast(dict[str, object], valor)
        self.erro(chave, f"deve ser uma tabela [{chave}]")
        return None

    def blocos(self, dados: dict[str, object], chave: str) -> list[tuple[str, dict[str, object]]]:
        """Os blocos `[[chave]]`, cada um com o seu caminho (`chave[1]`, `chave[2]`...)."""
        valor = dados.get(chave, [])
        if not isinstance(valor, list):
            self.erro(chave, f"deve ser uma lista de blocos [[{chave}]]")
            return []
        blocos = []
        for posicao, bloco in enumerate(valor, start=1):
            caminho = f"{chave}[{posicao}]"
            if isinstance(bloco, dict):
                blocos.append((caminho, cast(dict[str, object], bloco)))
            else:
                self.erro(caminho, f"cada item deve ser um bloco [[{chave}]]")
        return blocos


def _tipo_toml(valor: object) -> str:
    if isinstance(valor, bool):
        return "booleano"
    if isinstance(valor, int | Decimal | float):
        return "número"
    if isinstance(valor, str):
        return "texto"
    if isinstance(valor, date):
        return "data"
    if isinstance(valor, list):
        return "lista"
    if isinstance(valor, dict):
        return "tabela"
    return type(valor).__name__


# ---------------------------------------------------------------- leitura

# `esperado`: o resultado que um teste de lei espera (`cotas testar`); a apuração não o lê.
_CHAVES_RAIZ = chaves()
_CHAVES_CERTAME = chaves("certame")
_CHAVES_PCD = chaves("pcd")
_CHAVES_CARGO = chaves("cargos")
_CHAVES_DESEMPATE = chaves("desempate")
_CHAVES_PARAMETRO = chaves("parametros_lei")
# O registro do procedimento da anulação por declaração falsa (contraditório e ampla defesa).
_CHAVES_PROCEDIMENTO = ("notificacao", "defesa", "decisao", "autoridade")
_CHAVES_EVENTO = chaves("eventos")


def _conferir_total_de_vagas(v: _Validador, cargos: list[Cargo], dados: dict[str, object]) -> None:
    """As vagas dos cargos e as novas vagas dos eventos, somadas, até `VAGAS_NO_CERTAME`."""
    eventos = dados.get("eventos")
    novas = [
        e.get("quantidade")
        for e in (eventos if isinstance(eventos, list) else [])
        if isinstance(e, dict)
    ]
    total = sum(c.vagas for c in cargos) + sum(
        q for q in novas if isinstance(q, int) and 0 < q <= limites.VAGAS_POR_CARGO
    )
    if total > limites.VAGAS_NO_CERTAME:
        v.erro(
            "cargos",
            f"o certame soma {limites.br(total)} vagas (cargos e novas vagas); o limite é "
            f"{limites.br(limites.VAGAS_NO_CERTAME)}",
        )


def _profundidade(dados: object) -> int:
    """Quantos níveis de listas e tabelas (sem recursão: é justamente o que se confere)."""
    maior, pendentes = 0, [(dados, 0)]
    while pendentes:
        valor, nivel = pendentes.pop()
        maior = max(maior, nivel)
        if isinstance(valor, dict):
            pendentes.extend((v, nivel + 1) for v in valor.values())
        elif isinstance(valor, list):
            pendentes.extend((v, nivel + 1) for v in valor)
    return maior


def _aninhado_demais(arquivo: str) -> ErroEntrada:
    return ErroEntrada(
        arquivo,
        None,
        None,
        f"aninhamento demais: listas ou tabelas com mais de {limites.PROFUNDIDADE_TOML} níveis "
        "umas dentro das outras (o cenário usa três)",
    )


def ler_cenario(caminho: Path, catalogo: Catalogo | None = None) -> Cenario:
    """Lê um cenário TOML e a lista de candidatos que ele nomeia.

    Levanta `ErrosDeEntrada` com todos os erros dos dois arquivos (e os avisos), e diz o que
    não pôde ser conferido por causa deles. `catalogo`: as leis conhecidas (padrão: as do
    pacote), contra as quais `lei` e `municipio` são conferidos.
    """
    caminho = Path(caminho)
    arquivo = caminho.name
    texto, dados = _ler_toml(caminho)
    v = _Validador(arquivo, texto)
    v.desconhecidas(dados, "", _CHAVES_RAIZ)

    # Cada seção na ordem do arquivo: os erros saem nessa ordem.
    c = _ler_certame(v, dados, catalogo)
    edital = _ler_edital_do_certame(v, caminho, dados, c, catalogo)
    pcd = _ler_pcd(v, dados)
    cargos, linha_do_cargo = _ler_cargos(v, dados)
    desempate = _ler_desempate(v, dados)
    parametros_lei = _ler_parametros_lei(v, dados)
    _avisar_substituidos(v, edital, parametros_lei)
    eventos, caminhos_eventos = _ler_eventos(
        v, dados, cargos, linha_do_cargo, c.data_edital, c.validade_ate, c.permite_final_de_fila
    )
    # O cenário sem os candidatos (se válido até aqui): dele sai a lei, que diz se a coluna do
    # parecer da comissão de heteroidentificação é obrigatória.
    provisorio = _provisorio(v, caminho, c, desempate, parametros_lei, pcd, cargos, eventos)
    # As colunas dos grupos vêm da lei mesmo com erros em outras partes do cenário (que serão
    # ditos junto com os da lista): um erro num evento não faz a opção pelo grupo sumir.
    da_lei = provisorio or _provisorio(
        v, caminho, c, desempate, parametros_lei, pcd, cargos, eventos, apesar_dos_erros=True
    )
    arquivo_candidatos = _arquivo_candidatos(caminho, c.nome_candidatos)
    lista = _ler_lista(v, arquivo, arquivo_candidatos, c, desempate, cargos, linha_do_cargo, da_lei)
    candidatos, avisos_candidatos, erros_candidatos = lista.candidatos, lista.avisos, lista.erros
    lidos, leitura, nome_candidatos = lista.lidos, lista.leitura, c.nome_candidatos

    nao_conferidos: list[str] = []
    if lidos is not None:
        completos = not erros_candidatos
        if completos:  # (com erros nas linhas, os cargos delas são conferidos pelo leitor)
            _conferir_candidatos(v, lidos, linha_do_cargo, cargos, arquivo_candidatos.name)
        eventos = _conferir_eventos(v, eventos, caminhos_eventos, lidos, completos=completos)
    elif any(e.inscricao is not None for e in eventos):
        qual = f" {nome_candidatos}" if nome_candidatos and not _em_linha(nome_candidatos) else ""
        nao_conferidos.append(
            f"as inscrições citadas nos [[eventos]], contra o arquivo de candidatos{qual} "
            "(por causa dos erros desse arquivo)"
        )

    erros = v.erros + erros_candidatos
    avisos = v.avisos + avisos_candidatos
    if erros:
        raise ErrosDeEntrada(erros, avisos, nao_conferidos=nao_conferidos)
    assert provisorio is not None
    return replace(
        provisorio,
        edital=edital,
        eventos=eventos,
        candidatos=candidatos,
        avisos=avisos,
        leitura_candidatos=leitura,
        linha_certame=v.linha("certame"),
    )


def _ler_edital_do_certame(
    v: _Validador,
    caminho: Path,
    dados: dict[str, object],
    c: _SecaoCertame,
    catalogo: Catalogo | None,
) -> Edital | None:
    """`[certame] edital`: o arquivo do edital, relativo ao cenário; os erros dele (e do
    modelo) vão com os do cenário, cada um no seu arquivo. A data e a lei do edital são as do
    certame."""
    certame = dados.get("certame")
    if not isinstance(certame, dict):
        return None
    nome = v.texto(certame, "certame", "edital", obrigatoria=False)
    if nome is None:
        return None
    try:
        edital = ler_edital(caminho.parent / nome, catalogo)
    except ErrosDeEntrada as erros:
        v.erros += erros.erros
        return None
    if c.data_edital is not None and c.data_edital != edital.data:
        v.erro(
            "certame.data_edital",
            f"{c.data_edital:%d/%m/%Y} difere da data do {edital.norma} ({edital.data:%d/%m/%Y}, "
            f"em {nome})",
        )
    if c.lei is not None and c.lei != edital.lei:
        v.erro("certame.lei", f"'{c.lei}' difere da lei do {edital.norma} ('{edital.lei}')")
    return edital


def _avisar_substituidos(
    v: _Validador, edital: Edital | None, parametros_lei: Mapping[str, object]
) -> None:
    """Um valor de [parametros_lei] que substitui o do edital: vale o do operador, e o aviso
    diz qual item do edital ele substituiu."""
    if edital is None:
        return
    for nome in parametros_lei:
        if nome in edital.valores:
            ref = edital.referencia(nome)
            v.aviso(
                f"parametros_lei.{nome}",
                f"substitui o valor do {ref.citacao()} "
                f"({como_toml(edital.valores[nome].valor)}); vale o informado aqui",
            )


def ler_parametros_lei(caminho: Path) -> dict[str, object]:
    """Só os `[parametros_lei]` de um cenário (os valores que a lei deixa em aberto, com a
    justificativa), para as contas que não apuram um certame (`cotas reserva`, `cotas ordem`).
    Levanta `ErrosDeEntrada` com os erros dessa seção, no arquivo e na linha."""
    caminho = Path(caminho)
    texto, dados = _ler_toml(caminho)
    v = _Validador(caminho.name, texto)
    parametros = _ler_parametros_lei(v, dados)
    if v.erros:
        raise ErrosDeEntrada(v.erros, v.avisos)
    return parametros


def _ler_toml(caminho: Path) -> tuple[str, dict[str, object]]:
    """O texto do cenário e o TOML lido; um erro de abertura, codificação ou sintaxe encerra
    a leitura (não há o que validar)."""
    arquivo = caminho.name
    bruto = b""
    try:
        bruto = caminho.read_bytes()
        texto = bruto.decode("utf-8-sig")
    except OSError as exc:
        raise ErrosDeEntrada(
            [
                ErroEntrada(
                    arquivo,
                    None,
                    None,
                    f"não foi possível abrir o arquivo ({motivo_do_sistema(exc)})",
                )
            ]
        ) from None
    except UnicodeDecodeError as exc:
        linha = bruto.count(b"\n", 0, exc.start) + 1  # (a do primeiro byte que não é UTF-8)
        raise ErrosDeEntrada(
            [
                ErroEntrada(
                    arquivo,
                    linha,
                    None,
                    "o cenário deve estar em UTF-8 (salve-o com essa codificação); o primeiro "
                    "caractere que não é UTF-8 está nesta linha",
                )
            ]
        ) from None
    try:
        dados = tomllib.loads(texto, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise ErrosDeEntrada([_erro_sintaxe(arquivo, exc, texto)]) from None
    except RecursionError:  # (o tomllib é recursivo: milhares de `[` estouram a pilha)
        raise ErrosDeEntrada([_aninhado_demais(arquivo)]) from None
    except ValueError:  # (um inteiro de mais de 4.300 dígitos: o Python recusa convertê-lo)
        erro = ErroEntrada(arquivo, None, None, "um número do cenário tem dígitos demais")
        raise ErrosDeEntrada([erro]) from None
    if _profundidade(dados) > limites.PROFUNDIDADE_TOML:
        raise ErrosDeEntrada([_aninhado_demais(arquivo)])
    return texto, dados


@dataclass(frozen=True)
class _SecaoCertame:
    """O que [certame] diz (None: ausente ou inválido; o erro já está no validador)."""

    nome: str | None
    municipio: str | None
    lei: str | None
    data_edital: date | None
    tipo: str | None
    validade_ate: date | None
    data_publicacao_lei: date | None
    lei_publicada: str | None
    permite_final_de_fila: bool
    data_referencia_idade: date | None
    prioridade_colisao: tuple[str, ...] | None
    dupla_condicao: str | None
    nome_candidatos: str | None
    orgao: str | None = None


def _ler_certame(
    v: _Validador, dados: dict[str, object], catalogo: Catalogo | None
) -> _SecaoCertame:
    # [certame]
    tabela_certame = v.tabela(dados, "certame", obrigatoria=True)
    certame = tabela_certame or {}
    tem_certame = tabela_certame is not None
    v.desconhecidas(certame, "certame", _CHAVES_CERTAME)
    nome = v.texto(certame, "certame", "nome", obrigatoria=tem_certame)
    municipio = v.texto(certame, "certame", "municipio", obrigatoria=False)
    lei = v.texto(certame, "certame", "lei", obrigatoria=False)
    if tem_certame and "municipio" not in certame and "lei" not in certame:
        v.erro("certame", "informe o município (municipio) ou a lei (lei) do certame")
    _conferir_lei(v, municipio, lei, catalogo or catalogo_padrao())
    data_edital = v.data(certame, "certame", "data_edital", obrigatoria=tem_certame)
    tipo = v.escolha(certame, "certame", "tipo", codigos(TipoCertame), obrigatoria=tem_certame)
    orgao = v.escolha(certame, "certame", "orgao", codigos(Orgao), obrigatoria=False)
    validade_ate = v.data(certame, "certame", "validade_ate", obrigatoria=False)
    if validade_ate and data_edital and validade_ate <= data_edital:
        v.erro("certame.validade_ate", "a validade deve terminar depois da data do edital")
    data_publicacao_lei = v.data(certame, "certame", "publicacao_lei", obrigatoria=False)
    lei_publicada = v.texto(certame, "certame", "lei_publicada", obrigatoria=False)
    if "lei_publicada" in certame and "publicacao_lei" not in certame:
        v.erro("certame.lei_publicada", "informe também a data (publicacao_lei)")
    permite_final_de_fila = v.booleano(certame, "certame", "permite_final_de_fila")
    data_referencia_idade = v.data(certame, "certame", "data_referencia_idade", obrigatoria=False)
    prioridade_colisao = v.prioridade(certame, "certame", "prioridade_colisao")
    dupla_condicao = v.escolha(
        certame, "certame", "dupla_condicao", codigos(DuplaCondicao), obrigatoria=False
    )
    nome_candidatos = v.texto(certame, "certame", "candidatos", obrigatoria=tem_certame)
    bruto = certame.get("candidatos")
    if nome_candidatos is not None and isinstance(bruto, str) and "\n" in bruto:
        nome_candidatos = bruto  # a própria tabela (mesmo só o cabeçalho), não um nome
    return _SecaoCertame(
        nome=nome,
        municipio=municipio,
        lei=lei,
        data_edital=data_edital,
        tipo=tipo,
        validade_ate=validade_ate,
        data_publicacao_lei=data_publicacao_lei,
        lei_publicada=lei_publicada,
        permite_final_de_fila=permite_final_de_fila,
        data_referencia_idade=data_referencia_idade,
        prioridade_colisao=prioridade_colisao,
        dupla_condicao=dupla_condicao,
        nome_candidatos=nome_candidatos,
        orgao=orgao,
    )


def _ler_pcd(v: _Validador, dados: dict[str, object]) -> Pcd | None:
    # [pcd]
    pcd: Pcd | None = None
    tabela_pcd = v.tabela(dados, "pcd", obrigatoria=False)
    if tabela_pcd is not None:
        v.desconhecidas(tabela_pcd, "pcd", _CHAVES_PCD)
        padrao = Pcd()
        percentual = v.percentual(tabela_pcd, "pcd", "percentual", padrao.percentual)
        arredondamento = v.escolha(
            tabela_pcd, "pcd", "arredondamento", codigos(ArredondamentoPcd), obrigatoria=False
        )
        teto = v.percentual(tabela_pcd, "pcd", "teto", padrao.teto)
        if percentual > teto:
            v.erro("pcd.percentual", f"o percentual ({percentual}) passa do teto ({teto})")
        pcd = Pcd(
            percentual=percentual,
            arredondamento=cast(Arredondamento, arredondamento or padrao.arredondamento),
            teto=teto,
        )
    return pcd


def _ler_cargos(v: _Validador, dados: dict[str, object]) -> tuple[list[Cargo], dict[str, str]]:
    """Os cargos e, de cada código, onde está no arquivo (para apontar repetições)."""
    # [[cargos]]
    cargos: list[Cargo] = []
    blocos_cargos = v.blocos(dados, "cargos")
    if "cargos" not in dados:
        v.erro("cargos", "informe ao menos um cargo em [[cargos]]")
    linha_do_cargo: dict[str, str] = {}
    for base, bloco in blocos_cargos:
        v.desconhecidas(bloco, base, _CHAVES_CARGO)
        codigo = v.identificador(bloco, base, "codigo")
        if "codigo" not in bloco:
            v.erro(f"{base}.codigo", "falta esta chave obrigatória")
        nome_cargo = v.texto(bloco, base, "nome", obrigatoria=True)
        vagas = v.inteiro(
            bloco, base, "vagas", obrigatoria=True, minimo=0, maximo=limites.VAGAS_POR_CARGO
        )
        if codigo is not None and codigo in linha_do_cargo:
            v.erro(
                f"{base}.codigo", f'cargo "{codigo}" repetido (já está em {linha_do_cargo[codigo]})'
            )
            continue
        if codigo is not None:
            linha_do_cargo[codigo] = base
        if codigo is not None and nome_cargo is not None and vagas is not None:
            cargos.append(Cargo(codigo, nome_cargo, vagas, linha=v.linha(base)))
    _conferir_total_de_vagas(v, cargos, dados)
    return cargos, linha_do_cargo


def _ler_desempate(v: _Validador, dados: dict[str, object]) -> list[tuple[str, Sentido]]:
    # [[desempate]]
    desempate: list[tuple[str, Sentido]] = []
    vistos: set[str] = set()
    for base, bloco in v.blocos(dados, "desempate"):
        v.desconhecidas(bloco, base, _CHAVES_DESEMPATE)
        coluna = v.texto(bloco, base, "coluna", obrigatoria=True)
        sentido = v.escolha(bloco, base, "sentido", ["maior", "menor"], obrigatoria=True)
        if coluna is None:
            continue
        normalizada = normalizar_nome(coluna)
        if normalizada in COLUNAS_CONHECIDAS:
            v.erro(
                f"{base}.coluna",
                f'"{coluna}" é uma coluna padrão do arquivo de candidatos, não um critério '
                f"de desempate do edital (a idade já é considerada pela {REF_IDOSO.citacao()})",
            )
        elif normalizada in vistos:
            v.erro(f"{base}.coluna", f'a coluna "{coluna}" já é um critério de desempate')
        elif sentido is not None:
            desempate.append((coluna, cast(Sentido, sentido)))
        vistos.add(normalizada)
    return desempate


def _ler_parametros_lei(v: _Validador, dados: dict[str, object]) -> dict[str, object]:
    # [parametros_lei]
    parametros_lei: dict[str, object] = {}
    tabela_parametros = v.tabela(dados, "parametros_lei", obrigatoria=False) or {}
    for nome_parametro, definicao in tabela_parametros.items():
        base = f"parametros_lei.{nome_parametro}"
        if not isinstance(definicao, dict):
            v.erro(base, 'escreva como { valor = ..., justificativa = "..." }')
            continue
        v.desconhecidas(definicao, base, _CHAVES_PARAMETRO)
        if "valor" not in definicao:
            v.erro(f"{base}.valor", "falta esta chave obrigatória")
        justificativa_param = v.texto(definicao, base, "justificativa", obrigatoria=True)
        if "valor" in definicao and justificativa_param is not None:
            parametros_lei[nome_parametro] = {
                "valor": definicao["valor"],
                "justificativa": justificativa_param,
            }
    return parametros_lei


def _ler_eventos(
    v: _Validador,
    dados: dict[str, object],
    cargos: list[Cargo],
    linha_do_cargo: dict[str, str],
    data_edital: date | None,
    validade_ate: date | None,
    permite_final_de_fila: bool,
) -> tuple[list[Evento], list[str]]:
    """Os eventos e, de cada um, onde está no arquivo (a conferência contra os candidatos
    os aponta)."""
    # [[eventos]] (a checagem contra os candidatos vem depois da leitura deles)
    eventos: list[Evento] = []
    caminhos_eventos: list[str] = []
    tipos_evento = codigos(TipoEvento)
    for base, bloco in v.blocos(dados, "eventos"):
        v.desconhecidas(bloco, base, _CHAVES_EVENTO)
        data_evento = v.data(bloco, base, "data", obrigatoria=True)
        tipo_evento = v.escolha(bloco, base, "tipo", tipos_evento, obrigatoria=True)
        cargo = v.identificador(bloco, base, "cargo")
        inscricao = v.identificador(bloco, base, "inscricao")
        quantidade = v.inteiro(
            bloco, base, "quantidade", obrigatoria=False, minimo=1, maximo=limites.VAGAS_POR_CARGO
        )
        justificativa = v.texto(bloco, base, "justificativa", obrigatoria=False)
        if cargo is not None and cargos and cargo not in linha_do_cargo:
            v.erro(f"{base}.cargo", f'o cargo "{cargo}" não está em [[cargos]]')
        _conferir_chaves_do_tipo(v, bloco, base, tipo_evento, permite_final_de_fila)
        anterior = eventos[-1].data if eventos else None
        _conferir_data_do_evento(v, base, data_evento, data_edital, validade_ate, anterior)
        procedimento = None
        if tipo_evento == TipoEvento.ANULACAO:
            procedimento = _ler_procedimento(v, bloco, base, data_evento)
        fundamento = v.texto(bloco, base, "fundamento", obrigatoria=False)
        if data_evento is not None and tipo_evento is not None:
            eventos.append(
                Evento(
                    data=data_evento,
                    tipo=TipoEvento(tipo_evento),
                    cargo=cargo,
                    inscricao=inscricao,
                    quantidade=quantidade,
                    justificativa=justificativa or "",
                    linha=v.linha(base),
                    procedimento=procedimento,
                    fundamento=fundamento or "",
                )
            )
            caminhos_eventos.append(base)
    return eventos, caminhos_eventos


# novas_vagas: as chaves que exige, cada uma com a sua mensagem.
_EXIGIDAS_EM_NOVAS_VAGAS = (
    ("cargo", "novas_vagas exige o cargo"),
    ("quantidade", "novas_vagas exige a quantidade de vagas (> 0)"),
    ("justificativa", "novas_vagas exige a justificativa (o ato que cria as vagas)"),
)


def _conferir_chaves_do_tipo(
    v: _Validador,
    bloco: dict[str, object],
    base: str,
    tipo_evento: str | None,
    permite_final_de_fila: bool,
) -> None:
    """As chaves que o tipo do evento exige e as que só outro tipo tem."""
    if tipo_evento == TipoEvento.NOVAS_VAGAS:
        for chave, mensagem in _EXIGIDAS_EM_NOVAS_VAGAS:
            if chave not in bloco:
                v.erro(f"{base}.{chave}", mensagem)
        if "inscricao" in bloco:
            v.erro(f"{base}.inscricao", "novas_vagas não se refere a uma inscrição")
    elif tipo_evento is not None:
        _conferir_evento_da_inscricao(v, bloco, base, tipo_evento, permite_final_de_fila)


def _conferir_evento_da_inscricao(
    v: _Validador,
    bloco: dict[str, object],
    base: str,
    tipo_evento: str,
    permite_final_de_fila: bool,
) -> None:
    """Um evento de um candidato (desistência, anulação, eliminação, final de fila)."""
    if "inscricao" not in bloco:
        v.erro(f"{base}.inscricao", f"{tipo_evento} exige a inscrição do candidato")
    if "quantidade" in bloco:
        v.erro(f"{base}.quantidade", f"{tipo_evento} não tem quantidade")
    if tipo_evento == TipoEvento.ELIMINACAO:
        for chave, o_que in (
            ("fundamento", "o fundamento legal"),
            ("justificativa", "a causa"),
        ):
            if chave not in bloco:
                v.erro(f"{base}.{chave}", f"eliminacao exige {o_que}")
    elif "fundamento" in bloco:
        v.erro(f"{base}.fundamento", "só a eliminacao tem fundamento informado")
    if tipo_evento != TipoEvento.ANULACAO:
        for chave in (c for c in _CHAVES_PROCEDIMENTO if c in bloco):
            v.erro(f"{base}.{chave}", "só a anulacao tem procedimento")
    if tipo_evento == TipoEvento.FINAL_DE_FILA and not permite_final_de_fila:
        v.erro(
            f"{base}.tipo",
            "final_de_fila só é aceito quando o edital o permite "
            "([certame] permite_final_de_fila = true)",
        )


def _conferir_data_do_evento(
    v: _Validador,
    base: str,
    data_evento: date | None,
    data_edital: date | None,
    validade_ate: date | None,
    anterior: date | None,
) -> None:
    """A data do evento contra o edital, a validade e a do evento que vem antes dele."""
    if data_evento is not None and data_edital is not None and data_evento < data_edital:
        v.erro(f"{base}.data", "o evento é anterior à data do edital")
    if data_evento is not None and validade_ate is not None and data_evento > validade_ate:
        v.aviso(f"{base}.data", "o evento é posterior ao fim da validade do certame")
    if data_evento is not None and anterior is not None and data_evento < anterior:
        v.aviso(f"{base}.data", "o evento tem data anterior à do evento que vem antes dele")


def _provisorio(
    v: _Validador,
    caminho: Path,
    c: _SecaoCertame,
    desempate: list[tuple[str, Sentido]],
    parametros_lei: dict[str, object],
    pcd: Pcd | None,
    cargos: list[Cargo],
    eventos: list[Evento],
    apesar_dos_erros: bool = False,
) -> Cenario | None:
    provisorio: Cenario | None = None
    if (
        (apesar_dos_erros or not v.erros)
        and c.nome is not None
        and c.data_edital is not None
        and c.tipo is not None
    ):
        provisorio = Cenario(
            orgao=c.orgao,
            nome=c.nome,
            municipio=c.municipio,
            lei=c.lei,
            data_edital=c.data_edital,
            tipo=TipoCertame(c.tipo),
            validade_ate=c.validade_ate,
            data_publicacao_lei=c.data_publicacao_lei,
            lei_publicada=c.lei_publicada,
            permite_final_de_fila=c.permite_final_de_fila,
            data_referencia_idade=c.data_referencia_idade,
            prioridade_colisao=c.prioridade_colisao,
            dupla_condicao=c.dupla_condicao,
            desempate=desempate,
            parametros_lei=parametros_lei,
            pcd=pcd,
            cargos=cargos,
            eventos=eventos,
            candidatos=[],
            avisos=[],
            arquivo_candidatos=_arquivo_candidatos(caminho, c.nome_candidatos),
        )
    return provisorio


@dataclass
class _Lista:
    """O arquivo de candidatos lido: os candidatos, os avisos e os erros; `lidos`, as linhas
    lidas sem erro (None: nenhuma); `leitura`, como foi lido (colunas, padrões)."""

    candidatos: Sequence[Candidato] = field(default_factory=list)
    avisos: list[ErroEntrada] = field(default_factory=list)
    erros: list[ErroEntrada] = field(default_factory=list)
    lidos: Sequence[Candidato] | None = None
    leitura: LeituraCandidatos | None = None


def _ler_lista(
    v: _Validador,
    arquivo: str,
    arquivo_candidatos: Path,
    c: _SecaoCertame,
    desempate: list[tuple[str, Sentido]],
    cargos: list[Cargo],
    linha_do_cargo: dict[str, str],
    provisorio: Cenario | None,
) -> _Lista:
    candidatos: Sequence[Candidato] = []
    avisos_candidatos: list[ErroEntrada] = []
    erros_candidatos: list[ErroEntrada] = []
    lidos: Sequence[Candidato] | None = None  # as linhas lidas sem erro; None: nenhuma
    leitura: LeituraCandidatos | None = None
    nome_candidatos, data_edital = c.nome_candidatos, c.data_edital
    em_linha = _tabela_em_linha(v, nome_candidatos)
    if nome_candidatos is not None:
        if em_linha is not None:
            pass
        elif arquivo_candidatos.is_dir():
            v.erro("certame.candidatos", f'"{nome_candidatos}" é uma pasta, não um arquivo')
        elif not arquivo_candidatos.is_file():
            v.erro("certame.candidatos", f'o arquivo de candidatos "{nome_candidatos}" não existe')
        if em_linha is not None or arquivo_candidatos.is_file():
            try:
                leitura = ler_candidatos(
                    arquivo_candidatos,
                    [coluna for coluna, _ in desempate],
                    esquema=_esquema(provisorio),
                    cargos=linha_do_cargo,
                    origem_cargos=f"[[cargos]] de {arquivo}",
                    data_edital=data_edital,
                    em_linha=em_linha,
                )
            except ErrosDaLista as exc:
                erros_candidatos, avisos_candidatos = exc.erros, exc.avisos
                lidos = exc.lidos
                _avisar_cargos_sem_candidatos(v, cargos, linha_do_cargo, exc.cargos_citados)
            except ErrosDeEntrada as exc:
                erros_candidatos, avisos_candidatos = exc.erros, exc.avisos
                lidos = exc.lidos
            else:
                candidatos, avisos_candidatos = leitura.candidatos, leitura.avisos
                lidos = candidatos
    return _Lista(candidatos, avisos_candidatos, erros_candidatos, lidos, leitura)


def _em_linha(nome_candidatos: str | None) -> bool:
    """`candidatos` traz a própria tabela (um CSV entre três aspas), não o nome de um arquivo."""
    return nome_candidatos is not None and "\n" in nome_candidatos


def _arquivo_candidatos(caminho: Path, nome_candidatos: str | None) -> Path:
    """O arquivo da lista: o nomeado, ou o próprio cenário quando ela está escrita nele (os
    erros das linhas apontam então as linhas do cenário)."""
    return caminho if _em_linha(nome_candidatos) else caminho.parent / (nome_candidatos or "")


def _tabela_em_linha(v: _Validador, nome_candidatos: str | None) -> TabelaEmLinha | None:
    if not _em_linha(nome_candidatos):
        return None
    assert nome_candidatos is not None
    linha = v.linha("certame.candidatos") or 1
    linhas = v._texto.splitlines()
    # `candidatos = """` e a tabela na linha seguinte (o TOML descarta essa quebra de linha);
    # as linhas em branco do começo, que a leitura do valor tirou, também contam.
    abre_e_quebra = linha <= len(linhas) and linhas[linha - 1].rstrip().endswith(('"""', "'''"))
    primeira = linha + 1 if abre_e_quebra else linha
    while primeira < len(linhas) and not linhas[primeira - 1].strip():
        primeira += 1
    return TabelaEmLinha(nome_candidatos, primeira)


def _conferir_lei(
    v: _Validador, municipio: str | None, lei: str | None, catalogo: Catalogo
) -> None:
    """A lei existe, o município tem lei modelada e, com os dois, a lei é do município."""
    leis_do_municipio = catalogo.do_municipio(municipio) if municipio else []
    if municipio and not leis_do_municipio:
        v.erro(
            "certame.municipio",
            f'não há lei modelada para "{municipio}"; entes conhecidos: '
            + ", ".join(catalogo.municipios()),
        )
    if lei is None:
        return
    ids = sorted(modelada.id for modelada in catalogo.leis)
    if lei not in ids:
        v.erro("certame.lei", f'a lei "{lei}" não é conhecida; leis conhecidas: {", ".join(ids)}')
    elif leis_do_municipio and lei not in {modelada.id for modelada in leis_do_municipio}:
        linha = v.linha("certame.municipio")
        v.erro(
            "certame.lei",
            f'a lei "{lei}" é de {catalogo.lei(lei).municipio}, não do município do certame, '
            f'"{municipio}" (chave municipio, linha {linha}); corrija uma das duas',
        )


def _esquema(cenario: Cenario | None) -> Esquema:
    """As colunas do arquivo de candidatos pela lei do certame (as de cada grupo que ela declara,
    obrigatórias, e a da verificação quando a lei verifica), pelas regras que a apuração usará.
    Sem cenário válido ou sem lei aplicável a apuração já falha com esse erro, e a leitura só
    confere as colunas de todo certame."""
    if cenario is None:
        return montar_esquema(())
    try:
        return esquema_do_certame(regras_do_cenario(cenario))
    except ErroCotas:
        pass
    # As regras falharam (um parâmetro informado inválido, uma lacuna da lei): as colunas dos
    # grupos ainda são as que a lei declara, e a do resultado da verificação fica opcional.
    try:
        catalogo = catalogo_padrao()
        lei = (
            catalogo.lei(cenario.lei)
            if cenario.lei
            else lei_aplicavel(catalogo, cenario.municipio or "", cenario.data_edital)
        )
    except ErroCotas:
        return montar_esquema(())
    return esquema_da_lei(lei)


# ---------------------------------------------------------------- regras do cenário
# (Aqui, e não na apuração, porque a leitura da lista de candidatos já precisa delas: a lei diz
# se o parecer da comissão é obrigatório.)


def parametros_pcd(cenario: Cenario) -> ParametrosPcd | None:
    if cenario.pcd is None:
        return None
    return ParametrosPcd(
        percentual=Decimal(cenario.pcd.percentual),
        arredondamento=cenario.pcd.arredondamento,
        teto=Decimal(cenario.pcd.teto),
    )


def regras_do_cenario(cenario: Cenario, catalogo: Catalogo | None = None) -> Regras:
    catalogo = catalogo or catalogo_padrao()
    if cenario.data_publicacao_lei is not None:
        lei_publicada = cenario.lei_publicada or cenario.lei
        if lei_publicada is None:
            leis = catalogo.do_municipio(cenario.municipio or "")
            lei_publicada = leis[-1].id if leis else None
        if lei_publicada is not None:
            catalogo = catalogo.com_publicacao(lei_publicada, cenario.data_publicacao_lei)
    informados = cenario.parametros_lei
    if cenario.edital is not None:  # (o do operador, em [parametros_lei], substitui o do edital)
        do_edital = informados_do_edital(catalogo.lei(cenario.edital.lei), cenario.edital)
        informados = {**do_edital, **cenario.parametros_lei}
    regras = regras_aplicaveis(
        catalogo,
        municipio=cenario.municipio,
        lei_id=cenario.lei,
        data_edital=cenario.data_edital,
        tipo=cenario.tipo.value,
        pcd=parametros_pcd(cenario),
        informados=informados,
        orgao=cenario.orgao,
    )
    if cenario.edital is not None and regras.lei.id != cenario.edital.lei:
        raise LeiInvalida(
            f"O {cenario.edital.norma} aplica {cenario.edital.lei}, mas a lei do certame na data "
            f"do edital é {regras.lei.id} ({regras.citacao_da_lei_aplicavel()})."
        )
    abrangidos = orgaos_abrangidos(regras.lei, cenario.tipo, cenario.data_edital)
    if cenario.orgao is None and abrangidos is not None:
        ref = regras.lei.parametros[f"orgaos.{cenario.tipo.value}"].em(cenario.data_edital)
        assert ref is not None
        raise SelecaoNaoAbrangida(
            f"{regras.lei.titulo} abrange só {', '.join(Orgao(o).descricao() for o in abrangidos)} "
            f"({ref.referencia.citacao()}): diga em [certame] o órgão que faz a seleção "
            f"(orgao = um de: {', '.join(codigos(Orgao))})."
        )
    if cenario.edital is not None and cenario.edital.regras is not None:
        regras = aplicar_regras_do_edital(regras, cenario.edital.regras)
    return regras


def _ler_procedimento(
    v: _Validador, bloco: dict[str, object], base: str, data_evento: date | None
) -> ProcedimentoAdministrativo | None:
    """O registro do procedimento da anulação: datas da notificação, da defesa (ou
    "nao_apresentada") e da decisão, e a autoridade que decidiu; todos obrigatórios."""
    faltam = [c for c in _CHAVES_PROCEDIMENTO if c not in bloco]
    if faltam:
        v.erro(
            base,
            "a anulação por declaração falsa exige o registro do procedimento administrativo "
            f"com contraditório e ampla defesa: falta {', '.join(faltam)} (notificacao e decisao "
            f'são datas; defesa é a data da defesa ou "{SEM_DEFESA}"; autoridade, quem decidiu)',
        )
        return None
    notificacao = v.data(bloco, base, "notificacao", obrigatoria=True)
    decisao = v.data(bloco, base, "decisao", obrigatoria=True)
    autoridade = v.texto(bloco, base, "autoridade", obrigatoria=True)
    defesa: date | None = None
    if bloco.get("defesa") != SEM_DEFESA:
        defesa = v.data(bloco, base, "defesa", obrigatoria=True)
        if defesa is None:
            return None
    if notificacao is None or decisao is None or autoridade is None:
        return None
    procedimento = ProcedimentoAdministrativo(notificacao, defesa, decisao, autoridade)
    for problema in procedimento.problemas(data_evento or decisao):
        v.erro(base, f"procedimento inválido: {problema}")
    return procedimento


def _conferir_candidatos(
    v: _Validador,
    candidatos: Sequence[Candidato],
    linha_do_cargo: dict[str, str],
    cargos: list[Cargo],
    arquivo_candidatos: str,
) -> None:
    """Cada cargo dos candidatos existe em [[cargos]] (um erro por cargo, não por linha)."""
    # cargo -> (quantos candidatos, linha do primeiro), na ordem em que aparecem
    por_cargo: dict[str, tuple[int, int | None]] = {}
    if isinstance(candidatos, TabelaCandidatos):  # contado em lote, sem criar candidatos
        por_cargo = candidatos.contagem_por_cargo()
    else:
        for candidato in candidatos:
            contados, linha = por_cargo.get(candidato.cargo, (0, candidato.linha))
            por_cargo[candidato.cargo] = (contados + 1, linha)
    com_candidatos = {cargo for cargo in por_cargo if cargo in linha_do_cargo}
    desconhecidos = {c: q for c, q in por_cargo.items() if c not in linha_do_cargo}
    for cargo, (n, primeira) in desconhecidos.items():
        quantos = "1 candidato" if n == 1 else f"{n} candidatos"
        v.erros.append(
            ErroEntrada(
                arquivo_candidatos,
                primeira,
                "cargo",
                f'o cargo "{cargo}" ({quantos}) não está nos [[cargos]] de {v.arquivo}',
            )
        )
    _avisar_cargos_sem_candidatos(v, cargos, linha_do_cargo, com_candidatos)


def _avisar_cargos_sem_candidatos(
    v: _Validador, cargos: list[Cargo], linha_do_cargo: dict[str, str], citados: Iterable[str]
) -> None:
    com_candidatos = set(citados)
    for definido in cargos:
        if definido.codigo not in com_candidatos:
            v.avisos.append(
                ErroEntrada(
                    v.arquivo,
                    definido.linha,
                    None,
                    f'nenhum candidato no cargo "{definido.codigo}"',
                    linha_do_cargo[definido.codigo],
                )
            )


def _conferir_eventos(
    v: _Validador,
    eventos: list[Evento],
    caminhos: list[str],
    candidatos: Sequence[Candidato],
    *,
    completos: bool,
) -> list[Evento]:
    """Cada inscrição citada existe; o cargo do evento é o do candidato.

    Com `completos` falso, `candidatos` são só as linhas lidas sem erro, e a mensagem o diz."""
    onde = (
        "no arquivo de candidatos"
        if completos
        else ("entre as linhas lidas sem erro do arquivo de candidatos")
    )
    por_inscricao: Mapping[str, Candidato]
    if isinstance(candidatos, TabelaCandidatos):  # só as inscrições citadas, sem ler a tabela
        por_inscricao = candidatos.candidatos_de(
            e.inscricao for e in eventos if e.inscricao is not None
        )
    else:
        por_inscricao = {c.inscricao: c for c in candidatos}
    conferidos = []
    for evento, base in zip(eventos, caminhos, strict=True):
        if evento.inscricao is not None:
            candidato = por_inscricao.get(evento.inscricao)
            if candidato is None:
                v.erro(
                    f"{base}.inscricao",
                    f'a inscrição "{evento.inscricao}" não está {onde}',
                )
            elif evento.tipo is TipoEvento.ANULACAO and not candidato.reservas:
                v.erro(
                    f"{base}.inscricao",
                    f'a inscrição "{evento.inscricao}" não optou pela reserva de nenhum grupo da '
                    "lei: a anulação por declaração falsa trata da autodeclaração de quem "
                    "concorre às vagas reservadas; para outra causa, use o evento eliminacao "
                    "com o fundamento",
                )
            elif evento.cargo is not None and evento.cargo != candidato.cargo:
                v.erro(
                    f"{base}.cargo",
                    f'a inscrição "{evento.inscricao}" é do cargo "{candidato.cargo}", '
                    f'não de "{evento.cargo}"',
                )
            elif evento.cargo is None:
                evento = replace(evento, cargo=candidato.cargo)
        conferidos.append(evento)
    return conferidos
