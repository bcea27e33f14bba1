"""Cenários sintéticos de qualquer tamanho, para medir o desempenho e ensaiar o sistema.

`gerar_exemplo(pasta, candidatos=N, cargos=C, semente=S)` grava em `pasta` um `cenario.toml`
(no município de uma lei do catálogo com comissão de heteroidentificação, em vigor na data do
edital, e reserva PcD do edital) e
um `candidatos.csv` no jeito das bancas brasileiras: separador `;`, vírgula decimal, datas
DD/MM/AAAA, "sim"/"não", CPF formatado, fim de linha CRLF.

O formato do cenário é o que `cotas validar` aceita; o conteúdo é feito para ser apurável:
- de 20% a 55% de pessoas autodeclaradas pretas ou pardas em cada cargo (a proporção exata de
  cada cargo é sorteada nesse intervalo e arredondada para dentro dele);
- algumas pessoas com deficiência, e todos os resultados da comissão; nunca "pendente" para
  aprovados que optaram pela reserva (a lei exige o parecer antes das nomeações,
  `heteroidentificacao.momento`), mas sim para eliminados, que a comissão não chega a ver;
- notas em meio ponto, de modo que empates de nota são comuns; cada par (nota, nota de
  conhecimentos específicos) é único entre os aprovados do cargo, então todo empate se resolve
  pela idade (docs/INTERPRETACAO.md#desempate) ou pelo critério do edital, nunca sobra um;
- cargos de 1 a 500 vagas (cerca de uma vaga para cada 50 inscritos);
- uma linha do tempo com cerca de um evento para cada mil inscritos: novas vagas dentro da
  validade, desistências e anulações de inscrições que existem, foram aprovadas e estão perto do
  topo da lista (e por isso costumam já ter sido nomeadas).

Tudo vem de `random.Random(semente)`: mesma semente, mesmos parâmetros, mesmos bytes. Pessoas e
CPFs são inventados (os CPFs têm dígitos verificadores válidos, mas são gerados em sequência).
"""

from __future__ import annotations

import heapq
import math
import os
import random
import shutil
import tempfile
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from pathlib import Path

from cotas.arquivos.candidatos import COLUNAS_CONHECIDAS
from cotas.motor.legislacao import Lei, catalogo_padrao

__all__ = ["Resumo", "gerar_exemplo"]

DATA_EDITAL = date(2025, 6, 10)
VALIDADE_ATE = date(2027, 6, 10)
COLUNA_DESEMPATE = "nota_conhecimentos_especificos"
# As colunas do leitor, menos a classificação (que a banca sintética não dá), com as do grupo da
# lei (opção e parecer, pelos nomes que ela dá) e o desempate. `opcao_lista` vai vazia: há quem
# opte pelas duas reservas, e ninguém escolhe a lista.
_ATE_A_COR = COLUNAS_CONHECIDAS[: COLUNAS_CONHECIDAS.index("cor_raca") + 1]


def _cabecalho() -> tuple[str, ...]:
    (grupo,) = _lei_com_comissao().grupos
    assert grupo.coluna_verificacao is not None
    return (
        *_ATE_A_COR,
        grupo.coluna_opcao,
        "pcd",
        grupo.coluna_verificacao,
        "opcao_lista",
        COLUNA_DESEMPATE,
    )


_PRENOMES = (
    "Ana", "Beatriz", "Bruno", "Camila", "Carlos", "Cláudia", "Daniel", "Débora", "Eduardo",
    "Fernanda", "Gabriel", "Helena", "Igor", "Isabela", "João", "Júlia", "Larissa", "Lucas",
    "Marcos", "Maria", "Mateus", "Natália", "Otávio", "Patrícia", "Rafael", "Renata", "Sérgio",
    "Simone", "Tiago", "Vitória",
)  # fmt: skip
_SOBRENOMES = (
    "Almeida", "Barbosa", "Cardoso", "Conceição", "Costa", "Fagundes", "Ferreira", "Gonçalves",
    "Lima", "Lopes", "Machado", "Moraes", "Nascimento", "Oliveira", "Pereira", "Ribeiro",
    "Rocha", "Santos", "Silva", "Sousa", "Teixeira", "Vieira",
)  # fmt: skip
_CARGOS = (
    "Agente Administrativo", "Analista de Sistemas", "Assistente Social", "Auditor Fiscal",
    "Enfermeiro", "Engenheiro Civil", "Médico Clínico", "Professor de Matemática",
    "Professor de Português", "Psicólogo", "Técnico em Enfermagem", "Técnico Judiciário",
)  # fmt: skip
# Resultado da comissão para aprovados que optaram pela reserva: (resultado, peso).
_PARECERES = (
    ("confirmado", 80),
    ("nao_confirmado", 12),
    ("ausente", 5),
    ("recusou_filmagem", 2),
    ("recusou_perguntas", 1),
)
_CORES_OUTRAS = ("branca", "branca", "branca", "branca", "amarela", "indigena")
_MAX_VAGAS = 500
_INSCRITOS_POR_VAGA = 50
_MIN_POR_CARGO = 10  # com menos, não cabe 20% a 55% de negros arredondado para dentro


@dataclass(frozen=True)
class Resumo:
    """O que foi gerado, para o usuário e para os testes de forma."""

    cenario: Path
    candidatos: Path
    inscritos: int
    cargos: int
    vagas: int
    eventos: int


def _cpf(base: int) -> str:
    """CPF formatado com dígitos verificadores válidos a partir de 9 dígitos."""
    digitos = [int(d) for d in f"{base:09d}"]
    for tamanho in (9, 10):
        soma = sum(d * p for d, p in zip(digitos, range(tamanho + 1, 1, -1), strict=True))
        resto = soma * 10 % 11
        digitos.append(0 if resto == 10 else resto)
    t = "".join(map(str, digitos))
    return f"{t[:3]}.{t[3:6]}.{t[6:9]}-{t[9:]}"


def _decimal_br(centesimos: int) -> str:
    return f"{centesimos // 100},{centesimos % 100:02d}"


def _vagas_e_inscritos(rng: random.Random, n: int, c: int) -> tuple[list[int], list[int]]:
    """Vagas de 1 a 500 por cargo (média perto de n/50) e inscritos proporcionais a elas."""
    media = max(1.0, min(float(_MAX_VAGAS), n / (_INSCRITOS_POR_VAGA * c)))
    # Cada cargo pede ao menos 3 inscritos por vaga; com as vagas até um terço da média de
    # inscritos por cargo, os mínimos somados nunca passam de n (e o acerto abaixo termina).
    teto = max(1, min(_MAX_VAGAS, n // c // 3))
    vagas = [max(1, min(teto, round(media * rng.lognormvariate(-0.5, 1.0)))) for _ in range(c)]
    vagas[0] = 1  # o menor cargo possível: uma vaga só (sem reserva, abaixo do limiar)
    if c > 1 and n // c >= _MAX_VAGAS * 10:
        vagas[1] = _MAX_VAGAS  # e o maior
    # Inscritos por vaga variam de 20 a 80 entre cargos; ao menos 3 por vaga e 10 por cargo.
    pesos = [v * rng.uniform(20, 80) for v in vagas]
    total = sum(pesos)
    inscritos = [
        max(_MIN_POR_CARGO, 3 * v, int(n * p / total)) for v, p in zip(vagas, pesos, strict=True)
    ]
    # Acerta a soma em n tirando ou pondo nos maiores cargos (resto do arredondamento).
    diferenca = n - sum(inscritos)
    ordem = sorted(range(c), key=lambda i: -inscritos[i])
    i = 0
    while diferenca:
        k = ordem[i % c]
        passo = 1 if diferenca > 0 else -1
        if passo > 0 or inscritos[k] > max(_MIN_POR_CARGO, 3 * vagas[k]):
            inscritos[k] += passo
            diferenca -= passo
        i += 1
    # Vagas nunca passam de um terço dos inscritos (sobram aprovados para as substituições).
    vagas = [max(1, min(v, k // 3)) for v, k in zip(vagas, inscritos, strict=True)]
    return vagas, inscritos


def gerar_exemplo(pasta: Path, *, candidatos: int, cargos: int, semente: int) -> Resumo:
    """Grava `cenario.toml` e `candidatos.csv` em `pasta` (criada se preciso)."""
    if cargos < 1:
        raise ValueError("informe ao menos 1 cargo")
    if candidatos < _MIN_POR_CARGO * cargos:
        raise ValueError(
            f"são precisos ao menos {_MIN_POR_CARGO} candidatos por cargo "
            f"({_MIN_POR_CARGO * cargos} para {cargos} cargos)"
        )
    pasta = Path(pasta)
    pasta.parent.mkdir(parents=True, exist_ok=True)
    # Grava numa pasta provisória ao lado e só move os arquivos prontos: uma falha (disco cheio,
    # Ctrl+C) não deixa pasta vazia nem CSV pela metade.
    provisoria = Path(tempfile.mkdtemp(prefix=f".{pasta.name}-", dir=pasta.parent))
    try:
        resumo = _gerar(provisoria, candidatos, cargos, semente)
        _mover(provisoria, pasta)
    finally:
        shutil.rmtree(provisoria, ignore_errors=True)
    return replace(resumo, cenario=pasta / "cenario.toml", candidatos=pasta / "candidatos.csv")


def _mover(provisoria: Path, pasta: Path) -> None:
    """Os arquivos prontos para `pasta`: renomeando a pasta inteira, se ela ainda não existe."""
    if not pasta.exists():
        mascara = os.umask(0)
        os.umask(mascara)
        provisoria.chmod(0o777 & ~mascara)  # (mkdtemp a cria só para o dono)
        provisoria.rename(pasta)
        return
    for nome in ("candidatos.csv", "cenario.toml"):  # (o cenário por último: nomeia o CSV)
        os.replace(provisoria / nome, pasta / nome)


def _gerar(pasta: Path, candidatos: int, cargos: int, semente: int) -> Resumo:
    rng = random.Random(semente)
    vagas, inscritos = _vagas_e_inscritos(rng, candidatos, cargos)
    codigos = [f"C{i + 1:03d}" for i in range(cargos)]

    # Cada linha do arquivo sorteia o seu cargo: as inscrições se intercalam entre cargos, como
    # no arquivo de uma banca ordenado por inscrição. A sequência é um embaralhamento exato.
    cargo_da_linha = [k for k, quantos in enumerate(inscritos) for _ in range(quantos)]
    rng.shuffle(cargo_da_linha)

    sorteio = _Sorteio(
        rng,
        codigos,
        restantes=list(inscritos),
        negros_restantes=_negros_por_cargo(rng, inscritos),
        limite_topo=[2 * v + 5 for v in vagas],
    )
    caminho_csv = pasta / "candidatos.csv"
    with caminho_csv.open("w", encoding="utf-8", newline="") as saida:
        saida.write(";".join(_cabecalho()) + "\r\n")
        bloco: list[str] = []
        for i, k in enumerate(cargo_da_linha):
            bloco.append(sorteio.linha(i, k))
            if len(bloco) >= 10_000:
                saida.write("\r\n".join(bloco) + "\r\n")
                bloco.clear()
        if bloco:
            saida.write("\r\n".join(bloco) + "\r\n")
    sorteio.usados = []  # (a memória das notas usadas, antes dos eventos)

    eventos = _eventos(rng, candidatos, codigos, sorteio.topo, sorteio.opcao_confirmada)
    caminho_toml = pasta / "cenario.toml"
    caminho_toml.write_text(
        _cenario_toml(candidatos, cargos, semente, codigos, vagas, eventos), encoding="utf-8"
    )
    return Resumo(caminho_toml, caminho_csv, candidatos, cargos, sum(vagas), len(eventos))


def _negros_por_cargo(rng: random.Random, inscritos: list[int]) -> list[int]:
    """Quantos são negros em cada cargo: entre 20% e 55% dos inscritos, sorteado."""
    negros = []
    for quantos in inscritos:
        proporcao = rng.uniform(0.20, 0.55)
        alvo = min(max(math.ceil(0.20 * quantos), round(proporcao * quantos)), int(0.55 * quantos))
        negros.append(alvo)
    return negros


_PRIMEIRA_INSCRICAO = 2025_000_001
_MULTIPLICADOR_CPF = 387_420_489  # 3^18: primo com 10^9, então i -> i*m mod 10^9 é bijetiva
_PARECER_NOMES = [p for p, _ in _PARECERES]
_PARECER_PESOS = [w for _, w in _PARECERES]


@dataclass
class _Sorteio:
    """O sorteio das linhas do arquivo, uma a uma, com o que ele guarda entre elas: quantos
    negros ainda faltam em cada cargo (`alvo` exato, sorteado entre as pessoas do cargo), as
    (nota, desempate) já usadas e os mais bem colocados de cada cargo (para os eventos)."""

    rng: random.Random
    codigos: list[str]
    restantes: list[int]
    negros_restantes: list[int]
    limite_topo: list[int]
    usados: list[set[int]] = field(init=False)  # (nota, desempate) dos aprovados
    # Os mais bem colocados de cada cargo (heap de mínimo pela chave), para os eventos.
    topo: list[list[tuple[int, int, int, str]]] = field(init=False)
    opcao_confirmada: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.usados = [set() for _ in self.codigos]
        self.topo = [[] for _ in self.codigos]

    def linha(self, i: int, k: int) -> str:
        """A `i`-ésima linha do arquivo, de um candidato do cargo `k`."""
        rng = self.rng
        inscricao = str(_PRIMEIRA_INSCRICAO + i)
        nome = f"{rng.choice(_PRENOMES)} {rng.choice(_SOBRENOMES)} {rng.choice(_SOBRENOMES)}"
        cpf = _cpf((i * _MULTIPLICADOR_CPF + 12_345) % 1_000_000_000)
        idade_dias = rng.randint(18 * 365, 72 * 365)
        nascimento = DATA_EDITAL - timedelta(days=idade_dias)
        cor, reserva = self._cor_e_reserva(k)
        pcd = rng.random() < 0.05
        aprovado = rng.random() < 0.85
        if aprovado:
            nota, desempate, parecer = self._aprovado(i, k, inscricao, reserva)
        else:
            nota = rng.randint(0, 119) * 50
            desempate = rng.randint(0, 6_000)
            parecer = "pendente" if reserva else ""  # a comissão só vê aprovados
        return ";".join(
            (
                inscricao,
                nome,
                cpf,
                nascimento.strftime("%d/%m/%Y"),
                self.codigos[k],
                _decimal_br(nota),
                "aprovado" if aprovado else "eliminado",
                cor,
                "sim" if reserva else "não",
                "sim" if pcd else "não",
                parecer,
                "",  # opcao_lista
                _decimal_br(desempate),
            )
        )

    def _cor_e_reserva(self, k: int) -> tuple[str, bool]:
        rng = self.rng
        # negro com probabilidade "restantes negros / restantes no cargo": sai exato.
        negro = rng.random() * self.restantes[k] < self.negros_restantes[k]
        self.restantes[k] -= 1
        if not negro:
            return rng.choice(_CORES_OUTRAS), False
        self.negros_restantes[k] -= 1
        cor = "preta" if rng.random() < 0.2 else "parda"
        return cor, rng.random() < 0.85

    def _aprovado(self, i: int, k: int, inscricao: str, reserva: bool) -> tuple[int, int, str]:
        """Nota e desempate de um aprovado, sem repetir os de outro do cargo, e o parecer."""
        rng = self.rng
        while True:
            nota = rng.randint(60, 200) * 50  # em centésimos, de meio em meio ponto
            desempate = rng.randint(0, 6_000)
            chave = nota * 10_000 + desempate
            if chave not in self.usados[k]:
                self.usados[k].add(chave)
                break
        parecer = rng.choices(_PARECER_NOMES, _PARECER_PESOS)[0] if reserva else ""
        item = (nota, desempate, -i, inscricao)
        topo = self.topo[k]
        if len(topo) < self.limite_topo[k]:
            heapq.heappush(topo, item)
        elif item > topo[0]:
            heapq.heapreplace(topo, item)
        if parecer == "confirmado":
            self.opcao_confirmada.add(inscricao)
        return nota, desempate, parecer


def _eventos(
    rng: random.Random,
    n: int,
    codigos: list[str],
    topo: list[list[tuple[int, int, int, str]]],
    confirmados: set[str],
) -> list[dict[str, object]]:
    """Cerca de um evento por mil inscritos, em ordem de data, todos válidos para o motor."""
    quantos = max(3, n // 1000)
    dias = (VALIDADE_ATE - DATA_EDITAL).days
    datas = sorted(DATA_EDITAL + timedelta(days=rng.randint(30, dias - 1)) for _ in range(quantos))
    # Candidatos ao evento: os do topo de cada cargo, do melhor para o pior.
    por_cargo = [[item[3] for item in sorted(t, reverse=True)] for t in topo]
    ja_usados: set[str] = set()
    eventos: list[dict[str, object]] = []
    for data in datas:
        k = rng.randrange(len(codigos))
        sorteio = rng.random()
        if sorteio < 0.15:
            eventos.append(
                {
                    "data": data,
                    "tipo": "novas_vagas",
                    "cargo": codigos[k],
                    "quantidade": rng.randint(1, 10),
                    "justificativa": "Lei municipal cria novos cargos",
                }
            )
            continue
        livres = [s for s in por_cargo[k] if s not in ja_usados]
        # Falsidade apurada: só da autodeclaração de quem optou pela reserva (e a comissão
        # confirmou); sem nenhum assim, o evento é uma desistência.
        declarados = [s for s in livres if s in confirmados]
        anulacao = sorteio > 0.80 and bool(declarados)
        if anulacao:
            livres = declarados
        if not livres:
            continue
        inscricao = livres[min(len(livres) - 1, int(rng.random() ** 2 * len(livres)))]
        ja_usados.add(inscricao)
        if anulacao:
            eventos.append(_anulacao(data, inscricao))
        else:
            eventos.append(
                {
                    "data": data,
                    "tipo": "desistencia",
                    "inscricao": inscricao,
                    "justificativa": "Termo de desistência",
                }
            )
    return eventos


def _anulacao(data: date, inscricao: str) -> dict[str, object]:
    """A anulação com o registro do procedimento (contraditório e ampla defesa)."""
    return {
        "data": data,
        "tipo": "anulacao",
        "inscricao": inscricao,
        "justificativa": "Falsidade da autodeclaração apurada em processo administrativo",
        "notificacao": data - timedelta(days=20),
        "defesa": data - timedelta(days=10),
        "decisao": data,
        "autoridade": "Prefeito Municipal",
    }


def _lei_com_comissao() -> Lei:
    """A primeira lei municipal de um grupo só do catálogo que, na data do edital, exige a
    comissão."""
    for lei in catalogo_padrao().leis:
        exigida = lei.parametros.get("heteroidentificacao.exigida")
        valor = exigida.em(DATA_EDITAL) if exigida is not None else None
        if (
            lei.vige_em(DATA_EDITAL)
            and valor is not None
            and valor.valor is True
            and len(lei.grupos) == 1
        ):
            return lei
    raise LookupError("nenhuma lei do catálogo exige a comissão na data do edital")


def _municipio_com_comissao() -> str:
    return _lei_com_comissao().municipio


def _cenario_toml(
    n: int,
    c: int,
    semente: int,
    codigos: list[str],
    vagas: list[int],
    eventos: list[dict[str, object]],
) -> str:
    linhas = [
        f"# Cenário sintético: {n} inscrições em {c} cargo(s), semente {semente}.",
        "# Gerado por `cotas gerar-exemplo`; pessoas e CPFs inventados.",
        "",
        "[certame]",
        f'nome = "Concurso Público Sintético {semente}"',
        f'municipio = "{_municipio_com_comissao()}"',
        f"data_edital = {DATA_EDITAL.isoformat()}",
        'tipo = "concurso_publico"',
        f"validade_ate = {VALIDADE_ATE.isoformat()}",
        'candidatos = "candidatos.csv"',
        "",
        "[pcd]",
        "percentual = 5",
        'arredondamento = "cima"',
        "teto = 20",
        "",
        "[[desempate]]",
        f'coluna = "{COLUNA_DESEMPATE}"',
        'sentido = "maior"',
    ]
    for i, (codigo, quantidade) in enumerate(zip(codigos, vagas, strict=True)):
        linhas += [
            "",
            "[[cargos]]",
            f'codigo = "{codigo}"',
            f'nome = "{_CARGOS[i % len(_CARGOS)]} {i + 1}"',
            f"vagas = {quantidade}",
        ]
    for evento in eventos:
        linhas += ["", "[[eventos]]"]
        for chave, valor in evento.items():
            if isinstance(valor, date):
                linhas.append(f"{chave} = {valor.isoformat()}")
            elif isinstance(valor, int):
                linhas.append(f"{chave} = {valor}")
            else:
                linhas.append(f'{chave} = "{valor}"')
    return "\n".join(linhas) + "\n"
